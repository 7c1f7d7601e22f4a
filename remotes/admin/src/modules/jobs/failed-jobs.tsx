import { useState } from 'react';
import {
  adminFailedJob,
  adminFailedJobDelete,
  adminFailedJobRetry,
  adminFailedJobs,
  adminFailedJobsDeleteAll,
  adminFailedJobsRetryAll,
  ApiError,
  FAILED_JOB_SORTABLE,
  type AdminFailedJob,
  type ApiClient,
} from '@portal/contracts';
import { Button, Modal, Spinner, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { AdminListPanel } from '../admin-ui/admin-list-panel';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import { ListSearch, pageOfRows, useListPanel } from '@portal/frontend-kit/list-panel';
import { useListDeletion } from '../admin-ui/use-list-deletion';
import { useRefreshAdminCounts } from '../admin-tabs/admin-counts';
import { formatDateTime } from './format-date-time';
import { PayloadView } from './payload-view';

type BulkAction = 'retry-all' | 'delete-all';
const BULK_TEXT: Record<BulkAction, { title: string; confirm: string; body: string }> = {
  'retry-all': {
    title: 'Retry all failed jobs',
    confirm: 'Retry all',
    body: 'Every failed job goes back in the queue with fresh tries and runs again as soon as a worker is free. Jobs that send mail will send it again.',
  },
  'delete-all': {
    title: 'Delete all failed jobs',
    confirm: 'Delete all',
    body: 'Every failed job is deleted for good, with its error and payload. They will never run. This can not be undone.',
  },
};

/** The failed jobs' search, and retry or delete all of them (each asks first). */
function FailedJobsToolbar({
  search,
  onSearch,
  hasRows,
  onBulk,
}: {
  search: string;
  onSearch: (value: string) => void;
  hasRows: boolean;
  onBulk: (action: BulkAction) => void;
}) {
  return (
    <div className="admin-toolbar">
      <ListSearch value={search} onChange={onSearch} label="Search failed jobs" />
      <span className="admin-row-actions">
        <Button variant="secondary" disabled={!hasRows} onClick={() => onBulk('retry-all')}>
          Retry all
        </Button>
        <Button variant="danger" disabled={!hasRows} onClick={() => onBulk('delete-all')}>
          Delete all
        </Button>
      </span>
    </div>
  );
}

/** The failed jobs' columns: the name opens the job; retry and delete each ask first. */
function failedJobColumns({
  onShow,
  onRetry,
  onDelete,
}: {
  onShow: (id: number) => void;
  onRetry: (job: AdminFailedJob) => void;
  onDelete: (job: AdminFailedJob) => void;
}): TableColumn<AdminFailedJob>[] {
  return [
    { key: 'id', header: 'ID', sortable: true, render: (j) => j.id },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (j) => (
        <button type="button" className="ds-link admin-link-button" onClick={() => onShow(j.id)}>
          {j.name}
        </button>
      ),
    },
    { key: 'queue', header: 'Queue', sortable: true, render: (j) => j.queue },
    { key: 'error', header: 'Error', render: (j) => <span className="admin-job-error">{j.error}</span> },
    { key: 'failed_at', header: 'Failed at', sortable: true, render: (j) => formatDateTime(j.failed_at) },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (j) => (
        <span className="admin-row-actions">
          <Button size="sm" variant="secondary" onClick={() => onRetry(j)} aria-label={`Retry failed job ${j.id}`}>
            Retry
          </Button>
          <Button size="sm" variant="danger" onClick={() => onDelete(j)} aria-label={`Delete failed job ${j.id}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];
}

/** Retry one, retry or delete all, and the open details: each action's answer in the list's notice, then the list and counts anew. */
function useFailedJobActions(setNotice: (notice: { tone: 'success' | 'error'; text: string }) => void, reload: () => void) {
  const [toRetry, setToRetry] = useState<AdminFailedJob | null>(null);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const refreshCounts = useRefreshAdminCounts();

  async function act(run: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      setNotice({ tone: 'success', text: (await run()).message });
      reload();
      refreshCounts();
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
      setToRetry(null);
      setBulk(null);
      setShown(null);
    }
  }
  return { toRetry, setToRetry, bulk, setBulk, isBusy, shown, setShown, act };
}

/** Failed jobs: retry or delete one or all, each asking first; a row opens its error and payload. */
export function FailedList({ api }: { api: ApiClient }) {
  const { address, list, listProps } = useListPanel({
    name: 'failed-jobs',
    sortable: FAILED_JOB_SORTABLE,
    load: (query) => api.call(adminFailedJobs, { query }),
    pageOf: pageOfRows,
  });
  const deletion = useListDeletion<AdminFailedJob>({
    remove: async (job) => (await api.call(adminFailedJobDelete, { params: { failedJobId: job.id } })).message,
    onDeleted: list.reload,
    failedText: 'The failed job could not be deleted.',
  });
  const hasRows = list.status === 'success' && list.data.total > 0;
  const { toRetry, setToRetry, bulk, setBulk, isBusy, shown, setShown, act } = useFailedJobActions(deletion.setNotice, list.reload);

  const columns = failedJobColumns({ onShow: setShown, onRetry: setToRetry, onDelete: deletion.setToDelete });

  return (
    <>
      <AdminListPanel
        testId="jobs-failed"
        className="admin-subpanel"
        noun={{ one: 'failed job', many: 'failed jobs' }}
        toolbar={<FailedJobsToolbar search={address.searchText} onSearch={address.setSearchText} hasRows={hasRows} onBulk={setBulk} />}
        {...listProps}
        hasTotal
        columns={columns}
        deletion={deletion}
        confirmation={
          <p>
            Delete failed job {deletion.toDelete?.id} ({deletion.toDelete?.name}) for good? It will never run. This can not be undone.
          </p>
        }
      />
      <ConfirmModal
        open={toRetry !== null}
        title="Retry failed job"
        confirmLabel="Retry job"
        isBusy={isBusy}
        onClose={() => setToRetry(null)}
        onConfirm={() => toRetry && void act(() => api.call(adminFailedJobRetry, { params: { failedJobId: toRetry.id } }))}
      >
        <p>
          Put failed job {toRetry?.id} ({toRetry?.name}) back in the queue with fresh tries? It runs again as soon as a worker is free.
        </p>
      </ConfirmModal>
      <ConfirmModal
        open={bulk !== null}
        title={bulk ? BULK_TEXT[bulk].title : ''}
        confirmLabel={bulk ? BULK_TEXT[bulk].confirm : ''}
        isBusy={isBusy}
        onClose={() => setBulk(null)}
        onConfirm={() => void act(() => (bulk === 'retry-all' ? api.call(adminFailedJobsRetryAll) : api.call(adminFailedJobsDeleteAll)))}
      >
        <p>{bulk ? BULK_TEXT[bulk].body : ''}</p>
      </ConfirmModal>
      {shown !== null ? (
        <FailedJobDetails
          api={api}
          id={shown}
          onClose={() => setShown(null)}
          onRetry={(job) => setToRetry(job)}
          onDelete={(job) => deletion.setToDelete(job)}
        />
      ) : null}
    </>
  );
}

function FailedJobDetails({
  api,
  id,
  onClose,
  onRetry,
  onDelete,
}: {
  api: ApiClient;
  id: number;
  onClose: () => void;
  onRetry: (job: AdminFailedJob) => void;
  onDelete: (job: AdminFailedJob) => void;
}) {
  const job = useApiQuery(`failed-job:${id}`, () => api.call(adminFailedJob, { params: { failedJobId: id } }));
  const data = job.status === 'success' ? job.data : null;
  return (
    <Modal
      open
      title={data ? `Failed job ${data.id}: ${data.name}` : 'Failed job'}
      onClose={onClose}
      footer={
        data ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                onClose();
                onRetry(data);
              }}
            >
              Retry
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                onClose();
                onDelete(data);
              }}
            >
              Delete
            </Button>
          </>
        ) : undefined
      }
    >
      {job.status === 'loading' ? <Spinner label="Loading…" /> : null}
      {job.status === 'error' ? <LoadError error={job.error} onRetry={job.reload} what="the failed job" /> : null}
      {data ? (
        <dl className="admin-details" data-testid="failed-job-details">
          <dt>Queue</dt>
          <dd>{data.queue}</dd>
          <dt>Tries</dt>
          <dd>{data.attempts}</dd>
          <dt>Failed at</dt>
          <dd>{formatDateTime(data.failed_at)}</dd>
          <dt>Error</dt>
          <dd>{data.error}</dd>
          <dt>Stack</dt>
          <dd>
            <pre className="admin-code">{data.stack ?? '—'}</pre>
          </dd>
          <dt>Payload (secrets masked)</dt>
          <dd>
            <PayloadView payload={data.payload} />
          </dd>
        </dl>
      ) : null}
    </Modal>
  );
}
