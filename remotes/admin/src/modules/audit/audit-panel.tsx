import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_SORTABLE,
  auditList,
  type ApiClient,
  type AuditAction,
  type AuditEntryView,
} from '@portal/contracts';
import { Button, type TableColumn } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import { auditLogColumns } from '@portal/frontend-kit/audit';
import { ListPanel, ListSearch, pageOfRows, useListPanel } from '@portal/frontend-kit/list-panel';

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
  const [params] = useSearchParams();
  const actorId = idFilter(params.get('actor_id'));
  const companyId = idFilter(params.get('company_id'));
  const filters = {
    ...(actorId ? { actor_id: actorId } : {}),
    ...(companyId ? { company_id: companyId } : {}),
    ...((AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '') ? { action: params.get('action') as AuditAction } : {}),
  };
  const { address, listProps } = useListPanel({
    name: `audit:${JSON.stringify(filters)}`,
    sortable: AUDIT_SORTABLE,
    load: (query) => api.call(auditList, { query: { ...query, ...filters } }),
    pageOf: pageOfRows,
  });
  const isFiltered = Object.keys(filters).length > 0 || address.isSearching;

  const columns: TableColumn<AuditEntryView>[] = [
    ...auditLogColumns({
      who: (r) =>
        r.actor_id ? (
          <FilterButton onClick={() => address.setFilter('actor_id', String(r.actor_id))} title="Show only this person's actions">
            {r.actor_name}
          </FilterButton>
        ) : (
          r.actor_name
        ),
      company: (r) =>
        r.company_id ? (
          <FilterButton onClick={() => address.setFilter('company_id', String(r.company_id))} title="Show only this company's rows">
            {r.company_name ?? `#${r.company_id}`}
          </FilterButton>
        ) : (
          '—'
        ),
    }),
    { key: 'subject', header: 'On', render: (r) => (r.subject_type ? `${r.subject_type} #${r.subject_id ?? ''}` : '—') },
    { key: 'details', header: 'Details', render: (r) => describeDetails(r.details) || '—' },
  ];

  return (
    <ListPanel
      testId="audit-panel"
      className="admin-panel"
      noun={{ one: 'audit entry', many: 'audit entries' }}
      caption="Audit log"
      what="the audit log"
      emptyText={isFiltered ? 'No audit entries match your filters.' : 'Nothing has been recorded yet.'}
      toolbar={
        <AuditToolbar address={address} action={filters.action} hasPersonOrCompany={Boolean(filters.actor_id || filters.company_id)} />
      }
      {...listProps}
      hasTotal
      columns={columns}
    />
  );
}

/** A name in the log that shows only its rows. */
function FilterButton({ onClick, title, children }: { onClick: () => void; title: string; children: ReactNode }) {
  return (
    <button type="button" className="ds-link admin-link-button" onClick={onClick} title={title}>
      {children}
    </button>
  );
}

/** The audit log's search, its action filter and the way back from one person's or company's rows. */
function AuditToolbar({
  address,
  action,
  hasPersonOrCompany,
}: {
  address: Pick<ListAddressState, 'searchText' | 'setSearchText' | 'setFilter'>;
  action: AuditAction | undefined;
  hasPersonOrCompany: boolean;
}) {
  return (
    <div className="admin-toolbar">
      <ListSearch value={address.searchText} onChange={address.setSearchText} label="Search the audit log" />
      <label className="admin-filter">
        <span>Action</span>
        <select
          className="ds-input admin-select"
          value={action ?? ''}
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
      {hasPersonOrCompany ? (
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
  );
}
