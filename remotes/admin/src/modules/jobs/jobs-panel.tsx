import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminJob, adminJobs, adminScheduledTasks, JOB_SORTABLE, type AdminJob, type ApiClient } from '@portal/contracts';
import { Button, Modal, Spinner, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { ListPanel, ListSearch, pageOfRows, useListPanel } from '@portal/frontend-kit/list-panel';
import { FailedList } from './failed-jobs';
import { formatDateTime } from './format-date-time';
import { PayloadView } from './payload-view';

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

function QueueList({ api }: { api: ApiClient }) {
  const { address, listProps } = useListPanel({
    name: 'jobs',
    sortable: JOB_SORTABLE,
    load: (query) => api.call(adminJobs, { query }),
    pageOf: pageOfRows,
  });
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
      <ListPanel
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
