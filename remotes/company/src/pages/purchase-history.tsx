import { CREDIT_MESSAGES, INVOICE_SORTABLE, purchaseHistory } from '@portal/contracts';
import { Button, ButtonLink, EmptyState, PageHeader } from '@portal/design-system';
import { LoadError, REPORTING_LIST_NAMES, useApiQuery, useListAddress, type RemotePageProps, useSiteSettings } from '@portal/frontend-kit';
import { InvoiceTable } from '../modules/purchases/invoice-table';
import { ListFooter } from '../modules/lists/list-footer';
import { listQueryOf } from '../modules/lists/list-query';
import '../modules/purchases/purchases.css';
import { ListToolbar } from '../modules/lists/list-toolbar';

type InvoiceSort = (typeof INVOICE_SORTABLE)[number];

/** The list's own order when the address names none (the contract's default): newest invoice first. */
const DEFAULT_SORT = { key: 'id', dir: 'desc' } as const;

/**
 * /purchase-history and /account/purchase-history (spec §2): the company's invoices for managers,
 * a purchased learner's own for them. Search, sort and page live in the address (/reporting names).
 */
export default function PurchaseHistory({ api }: RemotePageProps) {
  const address = useListAddress<InvoiceSort>({ names: REPORTING_LIST_NAMES, sortable: INVOICE_SORTABLE });
  const { list } = address;
  const invoices = useApiQuery(`purchases:${address.key}`, () =>
    api.call(purchaseHistory, {
      query: listQueryOf(list),
    }),
  );
  const page = invoices.status === 'success' ? invoices.data : null;
  // Invoices come from the shop: its address is the Site tab's setting.
  const settings = useSiteSettings();
  const shopLink = (variant: 'primary' | 'secondary') => (
    <ButtonLink href={settings.shop_url} target="_blank" rel="noopener noreferrer" variant={variant}>
      Visit the shop
    </ButtonLink>
  );
  const clearSearch = () => {
    address.setSearchText('');
    address.setFilter(REPORTING_LIST_NAMES.search, null);
  };
  // Nothing bought at all: one empty state instead of an empty table and its tools.
  const hasNothing = page !== null && page.total === 0 && !address.isSearching;

  return (
    <div className="purchase-history" data-testid="purchase-history">
      <PageHeader
        title="Purchase history"
        subtitle="Your invoices from the shop. Download any of them as a PDF."
        actions={hasNothing ? undefined : shopLink('secondary')}
      />
      {invoices.status === 'error' ? <LoadError error={invoices.error} onRetry={invoices.reload} what="your invoices" /> : null}
      {hasNothing ? (
        <EmptyState title={CREDIT_MESSAGES.noPurchases} action={shopLink('primary')} />
      ) : (
        <>
          <ListToolbar
            className="purchase-history__toolbar"
            isSpread
            address={address}
            searchLabel="Search invoices"
            searchPlaceholder="Search by order number or course"
          ></ListToolbar>
          <InvoiceTable
            invoices={page?.data ?? []}
            loading={invoices.status === 'loading'}
            sort={address.sort ?? DEFAULT_SORT}
            onSortChange={address.toggleSort}
            emptyText={address.isSearching ? <NoMatchingInvoices onClearSearch={clearSearch} /> : CREDIT_MESSAGES.noPurchases}
          />
          {page && page.total > 0 ? (
            <ListFooter
              showing={
                <>
                  Showing {page.from}–{page.to} of {page.total} invoice{page.total === 1 ? '' : 's'}
                </>
              }
              page={page.current_page}
              lastPage={page.last_page}
              onPageChange={(next) => address.setPage(next, page.last_page)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

function NoMatchingInvoices({ onClearSearch }: { onClearSearch: () => void }) {
  return (
    <EmptyState
      title={CREDIT_MESSAGES.noMatchingInvoices}
      action={
        <Button variant="secondary" size="sm" onClick={onClearSearch}>
          Clear search
        </Button>
      }
    />
  );
}
