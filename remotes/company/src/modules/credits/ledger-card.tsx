import { useSearchParams } from 'react-router';
import { creditLedger, formatDate, LEDGER_KINDS, LEDGER_SORTABLE, type LedgerEntry, type LedgerKind } from '@portal/contracts';
import { Button, Card, EmptyState, FormField, Pagination, SearchInput, Table, type TableColumn } from '@portal/design-system';
import { LoadError, REPORTING_LIST_NAMES, useApiQuery, useListAddress, type RemotePageProps } from '@portal/frontend-kit';
import { formatSignedCredits, LEDGER_KIND_LABELS, ledgerReference } from './ledger-format';
import './credits.css';

type LedgerSort = (typeof LEDGER_SORTABLE)[number];

/** The address parameters of the ledger's own filters (beside search, order_by, order_dir, page). */
export const LEDGER_FILTERS = { kind: 'kind', company: 'ledger_of' } as const;
const DEFAULT_SORT = { key: 'created_at', dir: 'desc' } as const;

const COLUMNS: TableColumn<LedgerEntry>[] = [
  { key: 'created_at', header: 'Date', sortable: true, render: (e) => formatDate(e.created_at) },
  { key: 'kind', header: 'Kind', sortable: true, render: (e) => LEDGER_KIND_LABELS[e.kind] },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'right',
    render: (e) => (
      <span className={`ledger-amount ${e.amount < 0 ? 'ledger-amount--out' : 'ledger-amount--in'}`}>{formatSignedCredits(e.amount)}</span>
    ),
  },
  {
    key: 'balance_after',
    header: 'Balance after',
    align: 'right',
    render: (e) => <span className="ledger-number">{e.balance_after.toLocaleString('en-GB')}</span>,
  },
  { key: 'actor', header: 'Who', render: (e) => e.actor_name },
  { key: 'reason', header: 'Reason', render: (e) => e.reason ?? '—' },
  { key: 'reference', header: 'Reference', render: (e) => ledgerReference(e) || '—' },
];

const isKind = (value: string | null): value is LedgerKind => (LEDGER_KINDS as readonly string[]).includes(value ?? '');

/**
 * 'Credit history' on the account page: every movement of the company's credits (or, chosen from
 * the select, one of its depots'), with search, sort, kind filter and pages kept in the address.
 */
export function LedgerCard({
  api,
  company,
  depots,
  version,
}: Pick<RemotePageProps, 'api'> & {
  company: { id: number; name: string };
  depots: { id: number; name: string }[];
  /** Changes when a transfer moved credits, so the ledger is read again. */
  version: number;
}) {
  const address = useListAddress<LedgerSort>({ names: REPORTING_LIST_NAMES, sortable: LEDGER_SORTABLE });
  const { list } = address;
  const [params, setParams] = useSearchParams();
  const kindParam = params.get(LEDGER_FILTERS.kind);
  const kind = isKind(kindParam) ? kindParam : undefined;
  const ledgerOf = Number(params.get(LEDGER_FILTERS.company));
  const companyId = depots.some((d) => d.id === ledgerOf) ? ledgerOf : company.id;

  const ledger = useApiQuery(`ledger:${companyId}:${kind ?? ''}:${address.key}:${version}`, () =>
    api.call(creditLedger, {
      params: { companyId },
      query: {
        ...(list.search ? { search: list.search } : {}),
        ...(list.sortBy ? { order_by: list.sortBy, order_dir: list.sortDir } : {}),
        ...(list.page > 1 ? { page: list.page } : {}),
        ...(list.perPage ? { per_page: list.perPage } : {}),
        ...(kind ? { kind } : {}),
      },
    }),
  );
  const page = ledger.status === 'success' ? ledger.data : null;
  const isFiltered = address.isSearching || kind !== undefined;
  const clear = () => {
    address.setSearchText('');
    // One write: search, kind and page go together.
    const next = new URLSearchParams(params);
    for (const name of [REPORTING_LIST_NAMES.search, REPORTING_LIST_NAMES.page, LEDGER_FILTERS.kind]) next.delete(name);
    setParams(next);
  };

  return (
    <Card title="Credit history">
      <div className="ledger-card" data-testid="credit-ledger">
        <div className="ledger-toolbar">
          <SearchInput
            label="Search credit history"
            placeholder="Search reasons, orders or people"
            value={address.searchText}
            onChange={address.setSearchText}
          />
          <FormField label="Kind" htmlFor="ledger-kind">
            <select
              id="ledger-kind"
              className="ds-input"
              value={kind ?? ''}
              onChange={(event) => address.setFilter(LEDGER_FILTERS.kind, event.target.value || null)}
            >
              <option value="">All kinds</option>
              {LEDGER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LEDGER_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </FormField>
          {depots.length > 0 ? (
            <FormField label="Credits of" htmlFor="ledger-of">
              <select
                id="ledger-of"
                className="ds-input"
                value={companyId}
                onChange={(event) =>
                  address.setFilter(LEDGER_FILTERS.company, Number(event.target.value) === company.id ? null : event.target.value)
                }
              >
                <option value={company.id}>{company.name}</option>
                {depots.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name} (depot)
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
        </div>
        {ledger.status === 'error' ? <LoadError error={ledger.error} onRetry={ledger.reload} what="the credit history" /> : null}
        <Table
          caption="Credit history"
          columns={COLUMNS}
          rows={page?.data ?? []}
          rowKey={(e) => e.id}
          loading={ledger.status === 'loading'}
          sort={address.sort ?? DEFAULT_SORT}
          onSortChange={address.toggleSort}
          stackOnMobile
          emptyText={
            isFiltered ? (
              <EmptyState
                title="No credit movements match your search."
                action={
                  <Button variant="secondary" size="sm" onClick={clear}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState title="No credits have moved yet.">
                <p>Purchases, enrolments, refunds and transfers appear here.</p>
              </EmptyState>
            )
          }
        />
        {page && page.total > 0 ? (
          <div className="ledger-footer">
            <span className="ledger-muted" aria-live="polite">
              Showing {page.from}–{page.to} of {page.total}
            </span>
            <Pagination page={page.current_page} lastPage={page.last_page} onPageChange={(next) => address.setPage(next, page.last_page)} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
