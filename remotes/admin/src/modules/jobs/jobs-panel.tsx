import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  adminFailedJob,
  adminFailedJobDelete,
  adminFailedJobRetry,
  adminFailedJobs,
  adminFailedJobsDeleteAll,
  adminFailedJobsRetryAll,
  adminJob,
  adminJobs,
  adminScheduledTasks,
  ApiError,
  FAILED_JOB_SORTABLE,
  JOB_SORTABLE,
  type AdminFailedJob,
  type AdminJob,
  type ApiClient,
} from '@portal/contracts';
import { Button, Modal, Spinner, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { AdminListPanel } from '../admin-ui/admin-list-panel';
import { ListSearch } from '../admin-ui/list-toolbar';
import { ConfirmModal } from '../admin-ui/confirm-modal';
import { pageOfRows, useAdminList } from '../admin-ui/use-admin-list';
import { useListDeletion } from '../admin-ui/use-list-deletion';
import { useRefreshAdminCounts } from '../admin-tabs/admin-counts';
import { formatDateTime } from './format-date-time';

export const JOB_VIEWS = [
  { id: 'queue', label: 'Queue and last week' },
  { id: 'failed', label: 'Failed jobs' },
  { id: 'schedule', label: 'Scheduled tasks' },
] as const;
type JobView = (typeof JOB_VIEWS)[number]['id'];

/** The Cron Jobs tab: the queue, failed jobs (retry, delete) and the schedule, one view at a time (?view=). */
export function JobsPanel({ api }: { api: ApiClient }) {
  const [params, setParams] = useSearchParams();
  const view: JobView = JOB_VIEWS.some((v) => v.id === params.get('view')) ? (params.get('view') as JobView) : 'queue';
  return (
    <div className="admin-panel" data-testid="jobs-panel">
      <h2 className="admin-panel__title">Cron Jobs</h2>
      <nav className="admin-subnav" aria-label="Jobs views">
        {JOB_VIEWS.map((v) => (
          <Button
            key={v.id}
            size="sm"
            variant={v.id === view ? 'primary' : 'secondary'}
            aria-pressed={v.id === view}
            onClick={() => setParams(new URLSearchParams({ tab: 'jobs', view: v.id }))}
          >
            {v.label}
          </Button>
        ))}
      </nav>
      {view === 'queue' ? <QueueList api={api} /> : view === 'failed' ? <FailedList api={api} /> : <ScheduleList api={api} />}
    </div>
  );
}

function PayloadView({ payload }: { payload: unknown }) {
  return (
    <pre className="admin-code" data-testid="job-payload">
      {JSON.stringify(payload, null, 2)}
    </pre>
  );
}

function QueueList({ api }: { api: ApiClient }) {
  const { address, listProps } = useAdminList({
    name: 'jobs',
    sortable: JOB_SORTABLE,
    load: (query) => api.call(adminJobs, { query }),
    pageOf: pageOfRows,
  });
  const deletion = useListDeletion<AdminJob>({ remove: () => Promise.resolve(''), onDeleted: () => {}, failedText: '' });
  const [shown, setShown] = useState<number | null>(null);
  const columns: TableColumn<AdminJob>[] = [
    { key: 'id', header: 'ID', sortable: true, render: (j) => j.id },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (j) => (
        <button type="button" className="ds-link admin-link-button" onClick={() => setShown(j.id)}>
          {j.name}
        </button>
      ),
    },
    { key: 'queue', header: 'Queue', sortable: true, render: (j) => j.queue },
    { key: 'attempts', header: 'Attempts', sortable: true, align: 'right', render: (j) => j.attempts },
    { key: 'available_at', header: 'Available at', sortable: true, render: (j) => formatDateTime(j.available_at) },
    { key: 'state', header: 'State', render: (j) => <span className={`admin-job-state admin-job-state--${j.state}`}>{j.state}</span> },
    { key: 'finished_at', header: 'Finished at', render: (j) => (j.finished_at ? formatDateTime(j.finished_at) : '—') },
  ];
  return (
    <>
      <AdminListPanel
        testId="jobs-queue"
        className="admin-subpanel"
        noun={{ one: 'job', many: 'jobs' }}
        toolbar={
          <div className="admin-toolbar">
            <ListSearch value={address.searchText} onChange={address.setSearchText} label="Search jobs" />
          </div>
        }
        {...listProps}
        hasTotal
        columns={columns}
        deletion={deletion}
        confirmation={null}
      />
      {shown !== null ? <JobDetails api={api} id={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}

function JobDetails({ api, id, onClose }: { api: ApiClient; id: number; onClose: () => void }) {
  const job = useApiQuery(`job:${id}`, () => api.call(adminJob, { params: { jobId: id } }));
  return (
    <Modal open title={job.status === 'success' ? `Job ${job.data.id}: ${job.data.name}` : 'Job details'} onClose={onClose}>
      {job.status === 'loading' ? <Spinner label="Loading…" /> : null}
      {job.status === 'error' ? <LoadError error={job.error} onRetry={job.reload} what="the job" /> : null}
      {job.status === 'success' ? (
        <dl className="admin-details" data-testid="job-details">
          <dt>Queue</dt>
          <dd>{job.data.queue}</dd>
          <dt>State</dt>
          <dd>
            {job.data.state}
            {job.data.reserved_by ? ` (by ${job.data.reserved_by})` : ''}
          </dd>
          <dt>Attempts</dt>
          <dd>{job.data.attempts}</dd>
          <dt>Available at</dt>
          <dd>{formatDateTime(job.data.available_at)}</dd>
          <dt>Created at</dt>
          <dd>{formatDateTime(job.data.created_at)}</dd>
          {job.data.finished_at ? (
            <>
              <dt>Finished at</dt>
              <dd>{formatDateTime(job.data.finished_at)}</dd>
            </>
          ) : null}
          {job.data.last_error ? (
            <>
              <dt>Last error</dt>
              <dd>{job.data.last_error}</dd>
            </>
          ) : null}
          <dt>Payload (secrets masked)</dt>
          <dd>
            <PayloadView payload={job.data.payload} />
          </dd>
        </dl>
      ) : null}
    </Modal>
  );
}

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

function FailedList({ api }: { api: ApiClient }) {
  const { address, list, listProps } = useAdminList({
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
  const [toRetry, setToRetry] = useState<AdminFailedJob | null>(null);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const hasRows = list.status === 'success' && list.data.total > 0;
  const refreshCounts = useRefreshAdminCounts();

  async function act(run: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      deletion.setNotice({ tone: 'success', text: (await run()).message });
      list.reload();
      refreshCounts();
    } catch (error) {
      deletion.setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
      setToRetry(null);
      setBulk(null);
      setShown(null);
    }
  }

  const columns: TableColumn<AdminFailedJob>[] = [
    { key: 'id', header: 'ID', sortable: true, render: (j) => j.id },
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (j) => (
        <button type="button" className="ds-link admin-link-button" onClick={() => setShown(j.id)}>
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
          <Button size="sm" variant="secondary" onClick={() => setToRetry(j)} aria-label={`Retry failed job ${j.id}`}>
            Retry
          </Button>
          <Button size="sm" variant="danger" onClick={() => deletion.setToDelete(j)} aria-label={`Delete failed job ${j.id}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <AdminListPanel
        testId="jobs-failed"
        className="admin-subpanel"
        noun={{ one: 'failed job', many: 'failed jobs' }}
        toolbar={
          <div className="admin-toolbar">
            <ListSearch value={address.searchText} onChange={address.setSearchText} label="Search failed jobs" />
            <span className="admin-row-actions">
              <Button variant="secondary" disabled={!hasRows} onClick={() => setBulk('retry-all')}>
                Retry all
              </Button>
              <Button variant="danger" disabled={!hasRows} onClick={() => setBulk('delete-all')}>
                Delete all
              </Button>
            </span>
          </div>
        }
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

function ScheduleList({ api }: { api: ApiClient }) {
  const tasks = useApiQuery('scheduled-tasks', () => api.call(adminScheduledTasks).then((r) => r.data));
  type Task = Extract<typeof tasks, { status: 'success' }>['data'][number];
  const columns: TableColumn<Task>[] = [
    {
      key: 'name',
      header: 'Task',
      render: (t) => (
        <>
          <strong>{t.name}</strong>
          <br />
          <span className="admin-muted">{t.description}</span>
        </>
      ),
    },
    { key: 'schedule', header: 'Schedule', render: (t) => t.schedule },
    {
      key: 'last',
      header: 'Last run',
      render: (t) => (t.last_run ? `${formatDateTime(t.last_run.started_at)} (${t.last_run.outcome})` : 'Never'),
    },
    { key: 'error', header: 'Last error', render: (t) => t.last_run?.error ?? '—' },
    { key: 'next', header: 'Next run', render: (t) => formatDateTime(t.next_run_at) },
  ];
  return (
    <div className="admin-subpanel" data-testid="jobs-schedule">
      {tasks.status === 'error' ? <LoadError error={tasks.error} onRetry={tasks.reload} what="the scheduled tasks" /> : null}
      <Table
        caption="Scheduled tasks"
        columns={columns}
        rows={tasks.status === 'success' ? tasks.data : []}
        rowKey={(t) => t.name}
        loading={tasks.status === 'loading'}
        emptyText="There are no scheduled tasks."
      />
    </div>
  );
}
