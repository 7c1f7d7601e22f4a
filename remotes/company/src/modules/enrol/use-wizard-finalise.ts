import { useState, type RefObject } from 'react';
import { wizardEnrol, type ApiClient, type EnrolmentSummary } from '@portal/contracts';
import { announceCreditBalanceChanged } from '@portal/frontend-kit';
import { finaliseBody } from './components/finalise-step';
import type { EnrolledForCodes } from './components/new-learner-codes';
import { enrolFailureText } from './enrol-errors';
import type { WizardState } from './wizard-state';

interface WizardFinaliseOptions {
  api: ApiClient;
  state: WizardState;
  companyId: number | null;
  ownCompanyId: number | null;
  /** Drops the draft once it is enrolled. */
  forget: () => void;
  /** Scrolled to the top so the summary shows. */
  pageRef: RefObject<HTMLDivElement | null>;
}

/** Step 3's Finalise: enrols the wizard's learners, then holds the summary (or the failure) to show. */
export function useWizardFinalise({ api, state, companyId, ownCompanyId, forget, pageRef }: WizardFinaliseOptions) {
  const [summary, setSummary] = useState<EnrolmentSummary | null>(null);
  // Finalise's rows (learner, course, login code) and the company they were enrolled for: the summary lists the codes.
  const [enrolled, setEnrolled] = useState<EnrolledForCodes>({ rows: [], companyId: 0 });
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function finalise() {
    if (companyId === null) return;
    setIsSubmitting(true);
    try {
      const response = await api.call(wizardEnrol, { body: finaliseBody(state, companyId, state.payFromParent) });
      forget();
      setSummary(response.enrollment_summary);
      setEnrolled({ rows: response.data, companyId: ownCompanyId ?? companyId });
      announceCreditBalanceChanged();
      pageRef.current?.scrollIntoView?.({ block: 'start' });
    } catch (error) {
      setErrorText(enrolFailureText(error));
    } finally {
      setIsSubmitting(false);
    }
  }
  const enrolMore = () => {
    setSummary(null);
    forget();
  };
  return { summary, enrolled, errorText, dismissError: () => setErrorText(null), isSubmitting, finalise, enrolMore };
}
