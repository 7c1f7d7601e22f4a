import {
  CERTIFICATE_SORTABLE,
  formatDate,
  LEARNER_ACCOUNT_MESSAGES,
  learnerCertificates,
  type ApiClient,
  type LearnerCertificate,
} from '@portal/contracts';
import { ButtonLink, EmptyState, Pagination, StatusPill, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { CertificateSearch, NoCertificatesFound } from '@portal/frontend-kit/certificates';
import { certificateStateLabel, STATE_PILLS } from './labels';

const COLUMNS: TableColumn<LearnerCertificate>[] = [
  { key: 'course', header: 'Course', render: (c) => <strong>{c.course.name}</strong> },
  { key: 'passed_at', header: 'Passed', sortable: true, render: (c) => formatDate(c.passed_at) },
  { key: 'expires_at', header: 'Expires', sortable: true, render: (c) => (c.expires_at ? formatDate(c.expires_at) : 'Never') },
  {
    key: 'state',
    header: 'State',
    render: (c) => (
      <span data-testid="certificate-state" data-state={c.state}>
        <StatusPill status={STATE_PILLS[c.state]}>{certificateStateLabel(c.state)}</StatusPill>
      </span>
    ),
  },
  {
    key: 'actions',
    header: <span className="ds-visually-hidden">Actions</span>,
    align: 'right',
    render: (c) => (
      <span className="learner-account__links">
        <a className="ds-link" href={c.verify_url} aria-label={`Verify the ${c.course.name} certificate ${c.code}`}>
          Verify
        </a>
        {c.download_url ? (
          <ButtonLink href={c.download_url} size="sm" variant="secondary" aria-label={`Download the ${c.course.name} certificate`}>
            Download
          </ButtonLink>
        ) : null}
      </span>
    ),
  },
];

/** Every certificate the learner holds or has held: search, sort, pages and empty states (the one list mechanism). */
export function Certificates({ api }: { api: ApiClient }) {
  const address = useListAddress({ sortable: CERTIFICATE_SORTABLE });
  const list = useApiQuery(`certificates:${address.key}`, () => api.call(learnerCertificates, { query: address.query }));
  const page = list.status === 'success' ? list.data : null;

  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.reload} what="your certificates" />;
  const isEmptyAccount = page !== null && page.total === 0 && !address.isSearching;
  if (isEmptyAccount) return <EmptyState title={LEARNER_ACCOUNT_MESSAGES.noCertificates} />;
  return (
    <div>
      <div className="learner-account__toolbar">
        <CertificateSearch value={address.searchText} onChange={address.setSearchText} />
      </div>
      <Table
        caption="Your certificates"
        columns={COLUMNS}
        rows={page?.data ?? []}
        rowKey={(c) => c.enrollment_id}
        loading={list.status === 'loading'}
        {...(address.sort ? { sort: address.sort } : {})}
        onSortChange={address.toggleSort}
        stackOnMobile
        emptyText={
          <NoCertificatesFound text={LEARNER_ACCOUNT_MESSAGES.noCertificatesFound} onClearSearch={() => address.setSearchText('')} />
        }
      />
      {page && page.last_page > 1 ? (
        <Pagination page={page.current_page} lastPage={page.last_page} onPageChange={(p) => address.setPage(p, page.last_page)} />
      ) : null}
    </div>
  );
}
