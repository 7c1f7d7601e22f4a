import { useState } from 'react';
import { REPORTING_MESSAGES, remindAll, remindEnrolment, type ApiClient, type ReportingEnrolmentRow } from '@portal/contracts';
import type { UnmailableLearner } from '../components/unmailable-learners';
import { errorText, type Say } from './use-reporting-message';

/** Remind one learner (a row's action) or everyone on the chosen courses; learners without an email are listed after. */
export function useReminders({ api, companyId, say, reload }: { api: ApiClient; companyId: number | null; say: Say; reload: () => void }) {
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  const [isReminding, setReminding] = useState(false);
  const [unmailable, setUnmailable] = useState<UnmailableLearner[]>([]);

  async function remindOne(row: ReportingEnrolmentRow) {
    setBusyRowId(row.id);
    try {
      const answer = await api.call(remindEnrolment, { params: { companyId: row.company_id, enrollmentId: row.id }, body: {} });
      say(answer.no_email.length ? 'warning' : 'success', answer.no_email.length ? REPORTING_MESSAGES.noEmail : answer.message);
      setUnmailable(answer.no_email);
      reload();
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setBusyRowId(null);
    }
  }

  async function remindEveryone(courses: number[]) {
    if (companyId === null) return;
    setReminding(true);
    try {
      const answer = await api.call(remindAll, { params: { companyId }, body: { courses } });
      say('success', answer.message);
      setUnmailable(answer.no_email);
      reload();
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setReminding(false);
    }
  }

  return { busyRowId, isReminding, unmailable, remindOne, remindEveryone, clearUnmailable: () => setUnmailable([]) };
}
