import { useState } from 'react';
import { certificateHistory, type ApiClient } from '@portal/contracts';
import { Pagination } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { CertificateStatusPill } from '@portal/frontend-kit/certificates';
import { historyLine } from './history-line';

/**
 * Every certificate the learner was issued for one course (renewals keep the earlier ones), each
 * with its true status and verify link; loads when opened. The full searchable list is on My account.
 */
export function CertificateHistory({ api, userId, course }: { api: ApiClient; userId: number; course: { id: number; name: string } }) {
  const [isOpen, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const query = useApiQuery(isOpen ? `certificate-history:${userId}:${course.id}:${page}` : null, () =>
    api.call(certificateHistory, { params: { userId }, query: { course_id: course.id, page } }),
  );

  return (
    <details className="certificate-history" data-testid="certificate-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        Certificate history<span className="ds-visually-hidden"> for {course.name}</span>
      </summary>
      {isOpen && query.status === 'loading' ? <p role="status">Loading the certificates…</p> : null}
      {isOpen && query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="the certificate history" /> : null}
      {isOpen && query.status === 'success' ? (
        query.data.total === 0 ? (
          <p>No certificates have been issued for this course yet.</p>
        ) : (
          <>
            <ul>
              {query.data.data.map((certificate) => (
                <li key={certificate.id} data-testid="certificate-history-item" data-status={certificate.status}>
                  <CertificateStatusPill status={certificate.status} />
                  <span>{historyLine(certificate)}</span>
                  <a className="ds-link" href={certificate.verify_url} aria-label={`Verify certificate ${certificate.code}`}>
                    {certificate.code}
                  </a>
                </li>
              ))}
            </ul>
            {query.data.last_page > 1 ? (
              <Pagination page={query.data.current_page} lastPage={query.data.last_page} onPageChange={setPage} />
            ) : null}
          </>
        )
      ) : null}
    </details>
  );
}
