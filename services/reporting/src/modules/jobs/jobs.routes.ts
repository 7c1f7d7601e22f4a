import {
  ADMIN_JOB_MESSAGES,
  adminFailedJob,
  adminFailedJobDelete,
  adminFailedJobRetry,
  adminFailedJobs,
  adminFailedJobsDeleteAll,
  adminFailedJobsRetryAll,
  adminJob,
  adminJobs,
  adminScheduledTasks,
} from '@portal/contracts';
import {
  createServiceRouter,
  deleteAllFailedJobs,
  deleteFailedJob,
  mapPage,
  notFound,
  retryAllFailedJobs,
  retryFailedJob,
  scheduledTaskStatus,
  type ScheduledTask,
  type ServiceDeps,
} from '@portal/service-kit';
import { findFailedJob, findJob, listFailedJobs, listJobs } from './jobs.repository';
import { toAdminFailedJob, toAdminFailedJobDetail, toAdminJob, toAdminJobDetail } from './job-views';

/**
 * The Cron Jobs tab. Reporting reads the queue like any table; the four actions on failed jobs
 * are the kit's own functions (the queue is the kit's), bound here so the tab has one service.
 * The schedule is the platform's (`scheduledTasks` in the gateway), handed in at composition.
 */
export function jobRoutes(deps: ServiceDeps, tasks: () => ScheduledTask[]) {
  return createServiceRouter(deps)
    .handle(adminJobs, async ({ c, em, query }) => mapPage(await listJobs(em, query, c.req.url), (jobs) => jobs.map(toAdminJob)))
    .handle(adminJob, async ({ em, params }) => {
      const job = await findJob(em, params.jobId);
      if (!job) throw notFound('The job');
      return toAdminJobDetail(job);
    })
    .handle(adminFailedJobs, async ({ c, em, query }) =>
      mapPage(await listFailedJobs(em, query, c.req.url), (jobs) => jobs.map(toAdminFailedJob)),
    )
    .handle(adminFailedJob, async ({ em, params }) => {
      const job = await findFailedJob(em, params.failedJobId);
      if (!job) throw notFound('The failed job');
      return toAdminFailedJobDetail(job);
    })
    .handle(adminFailedJobRetry, async ({ em, params }) => {
      if ((await retryFailedJob(em, params.failedJobId, deps.now())) === null) throw notFound('The failed job');
      return { success: true as const, message: ADMIN_JOB_MESSAGES.retried, count: 1 };
    })
    .handle(adminFailedJobsRetryAll, async ({ em }) => {
      const count = await retryAllFailedJobs(em, deps.now());
      return { success: true as const, message: ADMIN_JOB_MESSAGES.retriedAll(count), count };
    })
    .handle(adminFailedJobDelete, async ({ em, params }) => {
      if (!(await deleteFailedJob(em, params.failedJobId))) throw notFound('The failed job');
      return { success: true as const, message: ADMIN_JOB_MESSAGES.deleted, count: 1 };
    })
    .handle(adminFailedJobsDeleteAll, async ({ em }) => {
      const count = await deleteAllFailedJobs(em);
      return { success: true as const, message: ADMIN_JOB_MESSAGES.deletedAll(count), count };
    })
    .handle(adminScheduledTasks, async ({ em }) => ({
      data: (await scheduledTaskStatus(em, tasks(), deps.now())).map((task) => ({
        name: task.name,
        description: task.description,
        schedule: task.schedule,
        last_run: task.lastRun
          ? {
              occurrence: task.lastRun.occurrence.toISOString(),
              started_at: task.lastRun.startedAt.toISOString(),
              finished_at: task.lastRun.finishedAt?.toISOString() ?? null,
              outcome: task.lastRun.outcome,
              error: task.lastRun.error,
            }
          : null,
        next_run_at: task.nextRunAt.toISOString(),
      })),
    })).app;
}
