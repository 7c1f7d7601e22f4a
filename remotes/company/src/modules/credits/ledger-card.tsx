import { useSearchParams } from 'react-router';
import { creditLedger, formatDate, LEDGER_KINDS, LEDGER_SORTABLE, type LedgerEntry, type LedgerKind } from '@portal/contracts';
import { Button, Card, EmptyState, Table, type TableColumn } from '@portal/design-system';
import { LoadError, REPORTING_LIST_NAMES, useApiQuery, useListAddress, type RemotePageProps } from '@portal/frontend-kit';
import { formatSignedCredits, LEDGER_KIND_LABELS, ledgerReference } from './ledger-format';
import { ListFooter } from '../lists/list-footer';
import { listQueryOf } from '../lists/list-query';
import { LEDGER_FILTERS, LedgerToolbar } from './ledger-toolbar';
import './credits.css';

type LedgerSort = (typeof LEDGER_SORTABLE)[number];

export { LEDGER_FILTERS };
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

interface LedgerCardProps extends Pick<RemotePageProps, 'api'> {
  company: { id: number; name: string };
  depots: { id: number; name: string }[];
  /** Changes when a transfer moved credits, so the ledger is read again. */
  version: number;
}

/** The ledger page the address asks for: its search, sort, page, kind and whose credits. */
function useLedger({ api, company, depots, version }: LedgerCardProps) {
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
        ...listQueryOf(list),
        ...(kind ? { kind } : {}),
      },
    }),
  );
  const clear = () => {
    address.setSearchText('');
    // One write: search, kind and page go together.
    const next = new URLSearchParams(params);
    for (const name of [REPORTING_LIST_NAMES.search, REPORTING_LIST_NAMES.page, LEDGER_FILTERS.kind]) next.delete(name);
    setParams(next);
  };
  return { address, kind, companyId, ledger, isFiltered: address.isSearching || kind !== undefined, clear };
}

/**
 * 'Credit history' on the account page: every movement of the company's credits (or, chosen from
 * the select, one of its depots'), with search, sort, kind filter and pages kept in the address.
 */
export function LedgerCard(props: LedgerCardProps) {
  const { address, kind, companyId, ledger, isFiltered, clear } = useLedger(props);
  const page = ledger.status === 'success' ? ledger.data : null;
  return (
    <Card title="Credit history">
      <div className="ledger-card" data-testid="credit-ledger">
        <LedgerToolbar address={address} kind={kind} company={props.company} depots={props.depots} companyId={companyId} />
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
          emptyText={<NoLedgerEntries isFiltered={isFiltered} onClear={clear} />}
        />
        {page && page.total > 0 ? (
          <ListFooter
            showing={
              <>
                Showing {page.from}–{page.to} of {page.total}
              </>
            }
            page={page.current_page}
            lastPage={page.last_page}
            onPageChange={(next) => address.setPage(next, page.last_page)}
          />
        ) : null}
      </div>
    </Card>
  );
}

function NoLedgerEntries({ isFiltered, onClear }: { isFiltered: boolean; onClear: () => void }) {
  if (!isFiltered) {
    return (
      <EmptyState title="No credits have moved yet.">
        <p>Purchases, enrolments, refunds and transfers appear here.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No credit movements match your search."
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}
