import type { BulkRow } from '@portal/contracts';
import { Button, Pagination, StatusPill, Table, type TableColumn } from '@portal/design-system';
import { BreakableEmail } from '@portal/frontend-kit/text';

const REVIEW_PAGE_SIZE = 10;

/** The pill colours of the design system: red skipped, blue matched to an employee, green new. */
function rowStatus(row: BulkRow): { text: string; pill: 'failed' | 'in-progress' | 'passed' } {
  if (!row.ok) return { text: 'Will be skipped', pill: 'failed' };
  if (row.existing_user_id !== null) return { text: `Existing: ${row.existing_user_name ?? 'employee'}`, pill: 'in-progress' };
  return { text: 'New learner', pill: 'passed' };
}

function bulkRowColumns(onRemove: (row: BulkRow) => void): TableColumn<BulkRow>[] {
  return [
    { key: 'row', header: 'Row', render: (r) => r.row, align: 'right' },
    { key: 'name', header: 'Name', render: (r) => r.Name },
    {
      key: 'email',
      header: 'Email',
      render: (r) => (r.Email ? <BreakableEmail email={r.Email} /> : <span className="enrol-muted">No email (login code)</span>),
    },
    {
      key: 'problems',
      header: 'Problems',
      render: (r) =>
        r.problems.length ? (
          <ul className="enrol-problems">
            {r.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <span className="enrol-muted">None</span>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => {
        const status = rowStatus(r);
        return <StatusPill status={status.pill}>{status.text}</StatusPill>;
      },
    },
    {
      key: 'remove',
      header: <span className="ds-visually-hidden">Remove</span>,
      align: 'right',
      render: (r) => (
        <Button size="sm" variant="ghost" onClick={() => onRemove(r)} aria-label={`Remove row ${r.row} (${r.Name})`}>
          Remove
        </Button>
      ),
    },
  ];
}

interface BulkRowsTableProps {
  rows: readonly BulkRow[];
  /** The page asked for (a new upload starts again at 1); past the last page shows the last. */
  page: number;
  onPageChange: (page: number) => void;
  onRemove: (row: BulkRow) => void;
}

/** The spreadsheet's rows for review, 10 a page, each with its problems, status and Remove. */
export function BulkRowsTable({ rows, page, onPageChange, onRemove }: BulkRowsTableProps) {
  const lastPage = Math.max(1, Math.ceil(rows.length / REVIEW_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = rows.slice((current - 1) * REVIEW_PAGE_SIZE, current * REVIEW_PAGE_SIZE);
  const skipped = rows.filter((row) => !row.ok).length;
  return (
    <>
      <p className="enrol-muted" aria-live="polite">
        {rows.length} row{rows.length === 1 ? '' : 's'} read{skipped ? `; ${skipped} will be skipped` : ''}.
      </p>
      {/* On a phone each row is a card (as on /reporting): six columns do not fit 390 px (issue 32 item 7). */}
      <div className="enrol-bulk-rows">
        <Table
          caption="Spreadsheet rows"
          columns={bulkRowColumns(onRemove)}
          rows={shown}
          rowKey={(r) => r.row}
          emptyText="No rows."
          stackOnMobile
        />
      </div>
      <Pagination page={current} lastPage={lastPage} onPageChange={(next) => onPageChange(Math.max(1, Math.min(next, lastPage)))} />
    </>
  );
}
