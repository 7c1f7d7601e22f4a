import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_SORTABLE,
  auditList,
  formatDate,
  type ApiClient,
  type AuditAction,
  type AuditEntryView,
} from '@portal/contracts';
import { Button, Pagination, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { ListSearch } from '../admin-ui/list-toolbar';

/** The details of a row as short "key: value" text. */
export function describeDetails(details: AuditEntryView['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && !Array.isArray(value))
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join(', ');
}

const idFilter = (value: string | null) => (value && /^[1-9][0-9]*$/.test(value) ? value : undefined);

/**
 * The Audit tab: who did what and when (credit changes, manual passes and withdrawals, deletions,
 * moves, anonymising, mimicking, settings), newest first; filtered by action, and by actor or
 * company by clicking their name. Search finds the actor and the action; all of it lives in the address.
 */
export function AuditPanel({ api }: { api: ApiClient }) {
  const address = useListAddress({ sortable: AUDIT_SORTABLE });
  const [params] = useSearchParams();
  const actorId = idFilter(params.get('actor_id'));
  const companyId = idFilter(params.get('company_id'));
  const filters = {
    ...(actorId ? { actor_id: actorId } : {}),
    ...(companyId ? { company_id: companyId } : {}),
    ...((AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '') ? { action: params.get('action') as AuditAction } : {}),
  };
  const list = useApiQuery(`audit:${address.key}:${JSON.stringify(filters)}`, () =>
    api.call(auditList, { query: { ...address.query, ...filters } }),
  );
  const page = list.status === 'success' ? list.data : null;
  const isFiltered = Object.keys(filters).length > 0 || address.isSearching;

  const columns: TableColumn<AuditEntryView>[] = [
    { key: 'created_at', header: 'When', sortable: true, render: (r) => `${formatDate(r.created_at)} ${r.created_at.slice(11, 16)}` },
    {
      key: 'actor_name',
      header: 'Who',
      sortable: true,
      render: (r) =>
        r.actor_id ? (
          <button
            type="button"
            className="ds-link admin-link-button"
            onClick={() => address.setFilter('actor_id', String(r.actor_id))}
            title="Show only this person's actions"
          >
            {r.actor_name}
          </button>
        ) : (
          r.actor_name
        ),
    },
    { key: 'action', header: 'What', sortable: true, render: (r) => AUDIT_ACTION_LABELS[r.action] },
    {
      key: 'company',
      header: 'Company',
      render: (r) =>
        r.company_id ? (
          <button
            type="button"
            className="ds-link admin-link-button"
            onClick={() => address.setFilter('company_id', String(r.company_id))}
            title="Show only this company's rows"
          >
            {r.company_name ?? `#${r.company_id}`}
          </button>
        ) : (
          '—'
        ),
    },
    { key: 'subject', header: 'On', render: (r) => (r.subject_type ? `${r.subject_type} #${r.subject_id ?? ''}` : '—') },
    { key: 'details', header: 'Details', render: (r) => describeDetails(r.details) || '—' },
  ];

  return (
    <div className="admin-panel" data-testid="audit-panel">
      <div className="admin-toolbar">
        <ListSearch value={address.searchText} onChange={address.setSearchText} label="Search the audit log" />
        <label className="admin-filter">
          <span>Action</span>
          <select
            className="ds-input admin-select"
            value={filters.action ?? ''}
            onChange={(e) => address.setFilter('action', e.target.value || null)}
            aria-label="Filter by action"
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </label>
        {filters.actor_id || filters.company_id ? (
          <Button
            variant="secondary"
            onClick={() => {
              address.setFilter('actor_id', null);
              address.setFilter('company_id', null);
            }}
          >
            Clear person and company
          </Button>
        ) : null}
      </div>
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what="the audit log" /> : null}
      <Table
        caption="Audit log"
        columns={columns}
        rows={page?.data ?? []}
        rowKey={(r) => r.id}
        loading={list.status === 'loading'}
        emptyText={isFiltered ? 'No audit entries match your filters.' : 'Nothing has been recorded yet.'}
        sort={address.sort}
        onSortChange={address.toggleSort}
        stackOnMobile
      />
      <Pagination
        page={page?.current_page ?? address.list.page}
        lastPage={page?.last_page ?? 1}
        onPageChange={(next) => address.setPage(next, page?.last_page ?? 1)}
      />
      {page ? <p className="admin-muted">{page.total} in total</p> : null}
    </div>
  );
}
