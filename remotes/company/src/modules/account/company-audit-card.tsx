import { AUDIT_SORTABLE, auditList, type ApiClient } from '@portal/contracts';
import { Card, Pagination, SearchInput, Table } from '@portal/design-system';
import { LoadError, useApiQuery, useListAddress, type ListAddressNames } from '@portal/frontend-kit';
import { auditLogColumns } from '@portal/frontend-kit/audit';

/** The card's own address names, so it never disturbs the ledger's list on the same page. */
const AUDIT_NAMES: ListAddressNames = { search: 'audit_search', sortBy: 'audit_sort', sortDir: 'audit_dir', page: 'audit_page' };

const COLUMNS = auditLogColumns();

/** A manager's view of their company's audit log (and its depots'): who did what and when. */
export function CompanyAuditCard({ api }: { api: ApiClient }) {
  const address = useListAddress({ names: AUDIT_NAMES, sortable: AUDIT_SORTABLE });
  const list = useApiQuery(`company-audit:${address.key}`, () => api.call(auditList, { query: address.query }));
  const page = list.status === 'success' ? list.data : null;
  return (
    <Card title="Audit log">
      <div data-testid="company-audit">
        <SearchInput label="Search the audit log" placeholder="Who or what" value={address.searchText} onChange={address.setSearchText} />
        {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what="the audit log" /> : null}
        <Table
          caption="Audit log"
          columns={COLUMNS}
          rows={page?.data ?? []}
          rowKey={(r) => r.id}
          loading={list.status === 'loading'}
          emptyText={address.isSearching ? 'No audit entries match your search.' : 'Nothing has been recorded for your company yet.'}
          sort={address.sort}
          onSortChange={address.toggleSort}
          stackOnMobile
        />
        <Pagination
          page={page?.current_page ?? address.list.page}
          lastPage={page?.last_page ?? 1}
          onPageChange={(next) => address.setPage(next, page?.last_page ?? 1)}
        />
      </div>
    </Card>
  );
}
