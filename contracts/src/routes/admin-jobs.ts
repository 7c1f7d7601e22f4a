import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';
import { ADMIN_PAGE_SIZE } from '../constants';

export { ADMIN_JOB_MESSAGES } from '../texts';

/** The Cron Jobs tab (issue 12 item 3): the queue, failed jobs and the schedule, for admins. */

export const JOB_STATES = ['queued', 'running', 'retrying', 'finished'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const adminJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  queue: z.string(),
  attempts: z.number().int(),
  available_at: z.string(),
  /** queued: waiting; running: a worker holds it; retrying: failed before, waiting for its next try; finished: succeeded (kept a week). */
  state: z.enum(JOB_STATES),
  reserved_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** Payloads are shown with secrets masked (keys like token, password, secret, link; URLs carrying a token). */
export const adminJobDetailSchema = adminJobSchema.extend({
  payload: z.unknown(),
  last_error: z.string().nullable(),
  reserved_at: z.string().nullable(),
});

export const adminFailedJobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  queue: z.string(),
  attempts: z.number().int(),
  error: z.string(),
  failed_at: z.string(),
});
export type AdminFailedJob = z.infer<typeof adminFailedJobSchema>;

export const adminFailedJobDetailSchema = adminFailedJobSchema.extend({
  payload: z.unknown(),
  stack: z.string().nullable(),
  created_at: z.string().nullable(),
});

export const JOB_SORTABLE = ['id', 'name', 'queue', 'attempts', 'available_at'] as const;
export const adminJobsQuery = listQuery({
  sortable: JOB_SORTABLE,
  defaultSort: 'id',
  defaultDir: 'desc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
});
export type AdminJobsQuery = z.output<typeof adminJobsQuery>;

export const FAILED_JOB_SORTABLE = ['id', 'name', 'queue', 'failed_at'] as const;
export const adminFailedJobsQuery = listQuery({
  sortable: FAILED_JOB_SORTABLE,
  defaultSort: 'failed_at',
  defaultDir: 'desc',
  perPage: { default: ADMIN_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
});
export type AdminFailedJobsQuery = z.output<typeof adminFailedJobsQuery>;

export const adminJobs = defineRoute({
  name: 'admin.jobs.list',
  method: 'GET',
  path: '/api/admin/jobs',
  service: 'reporting',
  access: ['admin'],
  summary:
    'Queued and running jobs, and the ones that finished in the last week, newest first (name, queue, attempts, available at, state).',
  query: adminJobsQuery,
  response: pageSchema(adminJobSchema),
});

export const adminJob = defineRoute({
  name: 'admin.jobs.get',
  method: 'GET',
  path: '/api/admin/jobs/{jobId}',
  service: 'reporting',
  access: ['admin'],
  summary: 'One queued, running or recently finished job with its payload (secrets masked).',
  params: z.object({ jobId: idParam }),
  response: adminJobDetailSchema,
});

export const adminFailedJobs = defineRoute({
  name: 'admin.failedJobs.list',
  method: 'GET',
  path: '/api/admin/failed-jobs',
  service: 'reporting',
  access: ['admin'],
  summary: 'Jobs that used up their tries, newest first.',
  query: adminFailedJobsQuery,
  response: pageSchema(adminFailedJobSchema),
});

export const adminFailedJob = defineRoute({
  name: 'admin.failedJobs.get',
  method: 'GET',
  path: '/api/admin/failed-jobs/{failedJobId}',
  service: 'reporting',
  access: ['admin'],
  summary: 'One failed job with its error, stack and payload (secrets masked).',
  params: z.object({ failedJobId: idParam }),
  response: adminFailedJobDetailSchema,
});

const actionResponse = z.object({ success: z.literal(true), message: z.string(), count: z.number().int() });

export const adminFailedJobRetry = defineRoute({
  name: 'admin.failedJobs.retry',
  method: 'POST',
  path: '/api/admin/failed-jobs/{failedJobId}/retry',
  service: 'reporting',
  access: ['admin'],
  summary: 'Puts one failed job back in the queue with fresh tries.',
  params: z.object({ failedJobId: idParam }),
  response: actionResponse,
});

export const adminFailedJobsRetryAll = defineRoute({
  name: 'admin.failedJobs.retryAll',
  method: 'POST',
  path: '/api/admin/failed-jobs/retry',
  service: 'reporting',
  access: ['admin'],
  summary: 'Puts every failed job back in the queue with fresh tries.',
  response: actionResponse,
});

export const adminFailedJobDelete = defineRoute({
  name: 'admin.failedJobs.delete',
  method: 'DELETE',
  path: '/api/admin/failed-jobs/{failedJobId}',
  service: 'reporting',
  access: ['admin'],
  summary: 'Deletes one failed job for good.',
  params: z.object({ failedJobId: idParam }),
  response: actionResponse,
});

export const adminFailedJobsDeleteAll = defineRoute({
  name: 'admin.failedJobs.deleteAll',
  method: 'DELETE',
  path: '/api/admin/failed-jobs',
  service: 'reporting',
  access: ['admin'],
  summary: 'Deletes every failed job for good.',
  response: actionResponse,
});

export const scheduledTaskSchema = z.object({
  name: z.string(),
  description: z.string(),
  schedule: z.string(),
  last_run: z
    .object({
      occurrence: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      outcome: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
  next_run_at: z.string(),
});
export type ScheduledTaskView = z.infer<typeof scheduledTaskSchema>;

export const adminScheduledTasks = defineRoute({
  name: 'admin.scheduledTasks.list',
  method: 'GET',
  path: '/api/admin/scheduled-tasks',
  service: 'reporting',
  access: ['admin'],
  summary: 'The scheduled tasks with their last and next run.',
  response: z.object({ data: z.array(scheduledTaskSchema) }),
});

export const adminJobRoutes = [
  adminJobs,
  adminJob,
  adminFailedJobs,
  adminFailedJob,
  adminFailedJobRetry,
  adminFailedJobsRetryAll,
  adminFailedJobDelete,
  adminFailedJobsDeleteAll,
  adminScheduledTasks,
] as const;
