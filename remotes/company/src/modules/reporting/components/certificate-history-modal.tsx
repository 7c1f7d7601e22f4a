import { certificateHistory, formatDate, type ApiClient, type ReportingEnrolmentRow } from '@portal/contracts';
import { Modal, Spinner } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';

const STATE_TEXT = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked', superseded: 'Superseded' } as const;

/**
 * A learner's certificates of one course, newest first (issue 11: renewal history for managers):
 * each with its code, dates and state, and the public verify link.
 */
export function CertificateHistoryModal({ api, row, onClose }: { api: ApiClient; row: ReportingEnrolmentRow; onClose: () => void }) {
  const history = useApiQuery(`certificate-history:${row.user_id}:${row.course_id}`, () =>
    api.call(certificateHistory, { params: { userId: row.user_id }, query: { course_id: row.course_id } }),
  );
  return (
    <Modal open title="Certificate history" onClose={onClose}>
      <p>
        {row.learner_name} — {row.course_name}
      </p>
      {history.status === 'loading' ? <Spinner label="Loading the certificates…" /> : null}
      {history.status === 'error' ? <LoadError error={history.error} onRetry={history.reload} what="the certificates" /> : null}
      {history.status === 'success' ? (
        history.data.data.length === 0 ? (
          <p>No certificates yet.</p>
        ) : (
          <ul className="reporting-history" data-testid="certificate-history">
            {history.data.data.map((certificate) => (
              <li key={certificate.id} data-state={certificate.status}>
                <strong>{STATE_TEXT[certificate.status]}</strong> · {certificate.code} · passed {formatDate(certificate.issued_at)}
                {certificate.expires_at ? ` · expires ${formatDate(certificate.expires_at)}` : ''}{' '}
                <a href={`/verify?code=${encodeURIComponent(certificate.code)}`} target="_blank" rel="noopener">
                  Verify<span className="ds-visually-hidden"> certificate {certificate.code}</span>
                </a>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Modal>
  );
}
