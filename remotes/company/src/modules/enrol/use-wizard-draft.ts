import { useEffect, useReducer, useState } from 'react';
import { draftOf, forgetDraft, keepDraft } from '@portal/frontend-kit/drafts';
import { initialWizardState, restoredWizardState, wizardReducer, type WizardState } from './wizard-state';

const DRAFT_KIND = 'enrol-wizard';

const isBlank = (state: WizardState) =>
  state.step === 1 && state.employees.length === 0 && state.newEmployees.length === 0 && state.bulkRows.length === 0;

/**
 * The wizard's state, kept as a draft of this tab (issue 32 item 1): a reload of the page opens it
 * where it was, with its chosen courses and employees — new ones still only drafts. Leaving the page
 * or closing the tab leaves nothing behind, and nothing was written on the server. `wasRestored` says the page came
 * back from a draft (its courses are not seeded again from the company's selection).
 */
export function useWizardDraft(userId: number | undefined) {
  const [restored] = useState<WizardState | null>(() => (userId == null ? null : restoredWizardState(draftOf(DRAFT_KIND, userId))));
  const [state, dispatch] = useReducer(wizardReducer, restored ?? initialWizardState);

  useEffect(() => {
    if (userId == null) return;
    if (isBlank(state) && state.courseIds.length === 0) forgetDraft(DRAFT_KIND, userId);
    else keepDraft(DRAFT_KIND, userId, state);
  }, [state, userId]);

  // Leaving the page inside the portal (a link, Back, "Leave without enrolling") drops the draft: the
  // choices are lost, as the leave warning says. A reload never runs this, so it keeps them.
  useEffect(
    () => () => {
      if (userId != null) forgetDraft(DRAFT_KIND, userId);
    },
    [userId],
  );

  /** Finalised or started afresh: the draft goes. */
  const forget = () => {
    if (userId != null) forgetDraft(DRAFT_KIND, userId);
    dispatch({ type: 'reset' });
  };
  return { state, dispatch, forget, wasRestored: restored !== null };
}
