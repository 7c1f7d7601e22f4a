import { formatDate, type Invoice } from '@portal/contracts';
import { type TableColumn, type TableSort } from '@portal/design-system';
import { formatMinorUnits, invoiceItem } from './invoice-format';
import { SortedTable } from '../lists/sorted-table';

const COLUMNS: TableColumn<Invoice>[] = [
  { key: 'id', header: '#ID', sortable: true, render: (invoice) => <span className="purchase-history__id">#{invoice.order_id}</span> },
  { key: 'created_at', header: 'Date', sortable: true, render: (invoice) => formatDate(invoice.created_at) },
  { key: 'item', header: 'Purchase', render: invoiceItem },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'right',
    render: (invoice) => <span className="purchase-history__amount">{formatMinorUnits(invoice.amount_minor, invoice.currency)}</span>,
  },
  {
    key: 'download',
    header: <span className="ds-visually-hidden">Invoice</span>,
    align: 'right',
    render: (invoice) => (
      <a
        className="ds-link"
        href={invoice.order_pdf}
        download={`invoice-${invoice.order_id}.pdf`}
        aria-label={`Download invoice #${invoice.order_id}`}
      >
        Download
      </a>
    ),
  },
];

/** The invoices of one page: #ID (the shop's order id, sorted in the order they arrived), date, what, amount, Download. */
export function InvoiceTable({
  invoices,
  loading,
  sort,
  onSortChange,
  emptyText,
}: {
  invoices: Invoice[];
  loading: boolean;
  sort: TableSort;
  onSortChange: (key: string) => void;
  emptyText: React.ReactNode;
}) {
  return (
    <SortedTable
      caption="Invoices"
      columns={COLUMNS}
      rows={invoices}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={emptyText}
    />
  );
}
