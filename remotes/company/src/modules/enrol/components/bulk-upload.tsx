import { useRef, useState, type ChangeEvent } from 'react';
import { bulkEnrolUpload, ENROLLING_MESSAGES, fillPath, type BulkRow, type RouteOutput } from '@portal/contracts';
import { Button, Modal, Notice, Pagination, ProgressBar, StatusPill, Table, type TableColumn } from '@portal/design-system';
import { uploadWithProgress } from '@portal/frontend-kit';
import { BreakableEmail } from '@portal/frontend-kit/text';
import { enrolFailureText } from '../enrol-errors';

const REVIEW_PAGE_SIZE = 10;

/** The pill colours of the design system: red skipped, blue matched to an employee, green new. */
function rowStatus(row: BulkRow): { text: string; pill: 'failed' | 'in-progress' | 'passed' } {
  if (!row.ok) return { text: 'Will be skipped', pill: 'failed' };
  if (row.existing_user_id !== null) return { text: `Existing: ${row.existing_user_name ?? 'employee'}`, pill: 'in-progress' };
  return { text: 'New learner', pill: 'passed' };
}

/**
 * Bulk upload (spec §5): an .xlsx with Name and Email columns is read by the server and every row
 * comes back for review with its problems; nothing is spent until finalise. Removing a row asks first.
 */
export function BulkUpload({
  companyId,
  courseIds,
  rows,
  onRows,
  onRemoveRow,
}: {
  companyId: number;
  courseIds: readonly number[];
  rows: readonly BulkRow[];
  onRows: (rows: readonly BulkRow[]) => void;
  onRemoveRow: (row: number) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<BulkRow | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const form = new FormData();
    form.append('file', file);
    for (const id of courseIds) form.append('courses[]', String(id));
    setProgress(0);
    try {
      const answer = await uploadWithProgress<RouteOutput<typeof bulkEnrolUpload>>(
        fillPath(bulkEnrolUpload.path, { companyId }),
        form,
        setProgress,
      );
      onRows(answer.data);
      setPage(1);
    } catch (failure) {
      // A 400 (not an .xlsx, no Name column, an empty sheet) carries the text to show.
      setError(enrolFailureText(failure));
    } finally {
      setProgress(null);
    }
  }

  const lastPage = Math.max(1, Math.ceil(rows.length / REVIEW_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = rows.slice((current - 1) * REVIEW_PAGE_SIZE, current * REVIEW_PAGE_SIZE);
  const skipped = rows.filter((row) => !row.ok).length;
  const columns: TableColumn<BulkRow>[] = [
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
        <Button size="sm" variant="ghost" onClick={() => setRemoving(r)} aria-label={`Remove row ${r.row} (${r.Name})`}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div className="enrol-picker" data-testid="bulk-upload">
      <p className="enrol-muted">
        Upload an Excel spreadsheet (.xlsx) with a <strong>Name</strong> column and an optional <strong>Email</strong> column. Every row is
        shown here for review before anything is spent.
      </p>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="enrol-file"
        aria-label="Choose a spreadsheet"
        onChange={(e) => void onChoose(e)}
      />
      <div>
        <Button type="button" variant="secondary" loading={progress !== null} onClick={() => input.current?.click()}>
          {rows.length ? 'Upload another spreadsheet' : 'Upload spreadsheet'}
        </Button>
      </div>
      {progress !== null ? (
        <div data-testid="bulk-progress">
          <ProgressBar value={progress} label={`Uploading spreadsheet: ${progress}%`} />
        </div>
      ) : null}
      {error ? (
        <Notice tone="error" onDismiss={() => setError(null)}>
          {error}
        </Notice>
      ) : null}
      {rows.length ? (
        <>
          <p className="enrol-muted" aria-live="polite">
            {rows.length} row{rows.length === 1 ? '' : 's'} read{skipped ? `; ${skipped} will be skipped` : ''}.
          </p>
          {/* On a phone each row is a card (as on /reporting): six columns do not fit 390 px (issue 32 item 7). */}
          <div className="enrol-bulk-rows">
            <Table caption="Spreadsheet rows" columns={columns} rows={shown} rowKey={(r) => r.row} emptyText="No rows." stackOnMobile />
          </div>
          <Pagination page={current} lastPage={lastPage} onPageChange={(next) => setPage(Math.max(1, Math.min(next, lastPage)))} />
        </>
      ) : null}
      <Modal
        open={removing !== null}
        title="Remove this row?"
        onClose={() => setRemoving(null)}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="danger"
              onClick={() => {
                if (removing) onRemoveRow(removing.row);
                setRemoving(null);
              }}
            >
              Remove
            </Button>
          </>
        }
      >
        <p>{ENROLLING_MESSAGES.removeBulkRow}</p>
        {removing ? (
          <p className="enrol-muted">
            Row {removing.row}: {removing.Name}
            {removing.Email ? ` (${removing.Email})` : ''}
          </p>
        ) : null}
      </Modal>
    </div>
  );
}
