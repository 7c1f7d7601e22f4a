import { useRef, useState } from 'react';
import { companyEnrol, REPORTING_MESSAGES, type ApiClient, type ReportingEnrolmentRow } from '@portal/contracts';
import { announceCreditBalanceChanged } from '@portal/frontend-kit';
import { SpendConfirmation } from '@portal/frontend-kit/credits';
import { enrolFailureText } from '../../enrol/enrol-errors';
import { reEnrolFailure } from '../re-enrol-outcome';
import type { Say } from './use-reporting-message';

/**
 * Re-enrol a row's learner on its course. Credits are spent, so it asks first (issue 32 item 3):
 * `ask` opens the confirmation with the learner, the course, the credits, who pays and the balance
 * after; only its Confirm spends, once (a second click while it runs does nothing, and the server
 * refuses a second re-enrol of the same row). Without credit the message links to the shop.
 */
export function useReEnrol({
  api,
  say,
  reload,
  creditPurchaseUrl,
}: {
  api: ApiClient;
  say: Say;
  reload: () => void;
  creditPurchaseUrl: string;
}) {
  const [asking, setAsking] = useState<ReportingEnrolmentRow | null>(null);
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  // The state above changes a render later; a ref stops a double click at once.
  const inFlight = useRef(false);

  function ask(row: ReportingEnrolmentRow) {
    if (!inFlight.current) setAsking(row);
  }

  function cancel() {
    if (!inFlight.current) setAsking(null);
  }

  async function confirm(row: ReportingEnrolmentRow) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusyRowId(row.id);
    try {
      await api.call(companyEnrol, {
        params: { companyId: row.company_id },
        body: { courses: [row.course_id], users: [row.user_id], enrollment_id: row.id },
      });
      say('success', REPORTING_MESSAGES.reEnrolled(row.learner_name, row.course_name));
      announceCreditBalanceChanged();
    } catch (error) {
      const failure = reEnrolFailure(error);
      say(
        'error',
        failure.isNoCredit ? (
          <>
            You don&apos;t have enough credit to re-enrol this learner.{' '}
            <a href={creditPurchaseUrl} target="_blank" rel="noopener noreferrer">
              Order credit here.
            </a>
          </>
        ) : (
          failure.text
        ),
      );
    } finally {
      inFlight.current = false;
      setBusyRowId(null);
      setAsking(null);
      reload();
    }
  }

  const dialog = asking ? (
    <SpendConfirmation
      api={api}
      request={{ companyId: asking.company_id, body: { courses: [asking.course_id], users: [asking.user_id], enrollment_id: asking.id } }}
      title="Re-enrol this learner?"
      action="Re-enrol"
      isConfirming={busyRowId === asking.id}
      creditPurchaseUrl={creditPurchaseUrl}
      onConfirm={() => void confirm(asking)}
      onCancel={cancel}
      errorText={enrolFailureText}
    />
  ) : null;

  return { busyRowId, ask, confirm, cancel, dialog };
}
