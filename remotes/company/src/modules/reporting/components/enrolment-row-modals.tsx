import type { ApiClient, ReportingEnrolmentRow } from '@portal/contracts';
import { AnswersModal } from '@portal/frontend-kit';
import { CertificateHistoryModal } from './certificate-history-modal';

interface EnrolmentRowModalsProps {
  api: ApiClient;
  historyRow: ReportingEnrolmentRow | null;
  answersRow: ReportingEnrolmentRow | null;
  onCloseHistory: () => void;
  onCloseAnswers: () => void;
}

/** What a row's buttons open: its certificate history, or the learner's answers. */
export function EnrolmentRowModals({ api, historyRow, answersRow, onCloseHistory, onCloseAnswers }: EnrolmentRowModalsProps) {
  return (
    <>
      {historyRow ? <CertificateHistoryModal api={api} row={historyRow} onClose={onCloseHistory} /> : null}
      {answersRow ? (
        <AnswersModal
          api={api}
          enrolmentId={answersRow.id}
          learnerName={answersRow.learner_name}
          courseName={answersRow.course_name}
          onClose={onCloseAnswers}
        />
      ) : null}
    </>
  );
}
