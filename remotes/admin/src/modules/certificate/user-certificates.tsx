import { CERTIFICATE_HISTORY_SORTABLE, certificateHistory, formatDate, type ApiClient, type Certificate } from '@portal/contracts';
import { Card, Pagination, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { CertificateSearch, CertificateStatusPill, NoCertificatesFound } from '@portal/frontend-kit/certificates';
import './certificate.css';

/** Why a certificate is not current: who revoked it, when and why; or when a renewal replaced it. */
function endedNote(c: Certificate): string {
  if (c.status === 'revoked') {
    const who = c.revoked_by ? ` by ${c.revoked_by}` : '';
    const when = c.revoked_at ? ` on ${formatDate(c.revoked_at)}` : '';
    return `Revoked${who}${when}${c.revoked_reason ? `: ${c.revoked_reason}` : ''}`;
  }
  if (c.status === 'superseded' && c.superseded_at) return `Replaced on ${formatDate(c.superseded_at)}`;
  return '—';
}

const COLUMNS: TableColumn<Certificate>[] = [
  { key: 'course', header: 'Course', sortable: true, render: (c) => c.course.name },
  { key: 'issued_at', header: 'Passed', sortable: true, render: (c) => formatDate(c.issued_at) },
  { key: 'expires_at', header: 'Expires', sortable: true, render: (c) => formatDate(c.expires_at) || 'Never' },
  {
    key: 'status',
    header: 'Status',
    render: (c) => (
      <span data-testid="admin-certificate-status" data-status={c.status}>
        <CertificateStatusPill status={c.status} />
      </span>
    ),
  },
  { key: 'note', header: 'Note', render: (c) => <span className="admin-manual-pass">{endedNote(c)}</span> },
  {
    key: 'code',
    header: 'Code',
    align: 'right',
    render: (c) => (
      <span className="admin-row-actions">
        <a className="ds-link certificate-code" href={c.verify_url} aria-label={`Verify certificate ${c.code}`}>
          {c.code}
        </a>
        {c.download_url ? (
          <a className="ds-link" href={c.download_url} download aria-label={`Download the ${c.course.name} certificate ${c.code}`}>
            PDF
          </a>
        ) : null}
      </span>
    ),
  },
];

/**
 * Every certificate the learner was issued (renewals keep the earlier ones), on the edit-learner
 * screen: search, sort, pages and the empty state through the one list mechanism.
 */
export function UserCertificates({ api, userId }: { api: ApiClient; userId: number }) {
  const address = useListAddress({ sortable: CERTIFICATE_HISTORY_SORTABLE });
  const list = useApiQuery(`user-certificates:${userId}:${address.key}`, () =>
    api.call(certificateHistory, { params: { userId }, query: address.query }),
  );
  const page = list.status === 'success' ? list.data : null;
  return (
    <Card title="Certificates">
      <div className="admin-enrolments" data-testid="user-certificates">
        {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what="the certificates" /> : null}
        <div className="admin-toolbar">
          <CertificateSearch value={address.searchText} onChange={address.setSearchText} />
        </div>
        <Table
          caption="Certificates"
          columns={COLUMNS}
          rows={page?.data ?? []}
          rowKey={(c) => c.id}
          loading={list.status === 'loading'}
          {...(address.sort ? { sort: address.sort } : {})}
          onSortChange={address.toggleSort}
          emptyText={
            address.isSearching ? (
              <NoCertificatesFound
                text="No certificates were found matching your request."
                onClearSearch={() => address.setSearchText('')}
              />
            ) : (
              'This learner holds no certificates yet.'
            )
          }
        />
        {page && page.last_page > 1 ? (
          <Pagination page={page.current_page} lastPage={page.last_page} onPageChange={(p) => address.setPage(p, page.last_page)} />
        ) : null}
      </div>
    </Card>
  );
}
