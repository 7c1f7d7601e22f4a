import { useState } from 'react';
import { bulkEnrolUpload, ENROLLING_MESSAGES, fillPath, type BulkRow, type RouteOutput } from '@portal/contracts';
import { Notice, ProgressBar } from '@portal/design-system';
import { uploadWithProgress } from '@portal/frontend-kit';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import { FileChooser } from '../../uploads/file-chooser';
import { enrolFailureText } from '../enrol-errors';
import { BulkRowsTable } from './bulk-rows-table';

interface BulkUploadProps {
  companyId: number;
  courseIds: readonly number[];
  rows: readonly BulkRow[];
  onRows: (rows: readonly BulkRow[]) => void;
  onRemoveRow: (row: number) => void;
}

/**
 * Bulk upload (spec §5): an .xlsx with Name and Email columns is read by the server and every row
 * comes back for review with its problems; nothing is spent until finalise. Removing a row asks first.
 */
export function BulkUpload({ companyId, courseIds, rows, onRows, onRemoveRow }: BulkUploadProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<BulkRow | null>(null);

  async function upload(file: File) {
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

  return (
    <div className="enrol-picker" data-testid="bulk-upload">
      <p className="enrol-muted">
        Upload an Excel spreadsheet (.xlsx) with a <strong>Name</strong> column and an optional <strong>Email</strong> column. Every row is
        shown here for review before anything is spent.
      </p>
      <FileChooser
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        inputClassName="enrol-file"
        inputLabel="Choose a spreadsheet"
        buttonLabel={rows.length ? 'Upload another spreadsheet' : 'Upload spreadsheet'}
        isUploading={progress !== null}
        onFile={(file) => void upload(file)}
      />
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
      {rows.length ? <BulkRowsTable rows={rows} page={page} onPageChange={setPage} onRemove={setRemoving} /> : null}
      <ConfirmModal
        open={removing !== null}
        title="Remove this row?"
        confirmLabel="Remove"
        isBusy={false}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemoveRow(removing.row);
          setRemoving(null);
        }}
      >
        <p>{ENROLLING_MESSAGES.removeBulkRow}</p>
        {removing ? (
          <p className="enrol-muted">
            Row {removing.row}: {removing.Name}
            {removing.Email ? ` (${removing.Email})` : ''}
          </p>
        ) : null}
      </ConfirmModal>
    </div>
  );
}
