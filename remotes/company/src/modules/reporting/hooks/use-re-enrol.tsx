import { useState } from 'react';
import { companyEnrol, REPORTING_MESSAGES, type ApiClient, type ReportingEnrolmentRow } from '@portal/contracts';
import { announceCreditBalanceChanged } from '@portal/frontend-kit';
import { reEnrolFailure } from '../re-enrol-outcome';
import type { Say } from './use-reporting-message';

/** Re-enrols a row's learner on its course (a credit is spent); without credit the message links to the shop. */
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
  const [busyRowId, setBusyRowId] = useState<number | null>(null);

  async function reEnrol(row: ReportingEnrolmentRow) {
    setBusyRowId(row.id);
    try {
      await api.call(companyEnrol, {
        params: { companyId: row.company_id },
        body: { courses: [row.course_id], users: [row.user_id], enrollment_id: row.id },
      });
      say('success', REPORTING_MESSAGES.reEnrolled(row.learner_name, row.course_name));
      announceCreditBalanceChanged();
      reload();
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
      setBusyRowId(null);
    }
  }

  return { busyRowId, reEnrol };
}
