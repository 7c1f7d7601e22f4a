import type { AdminFailedJobsQuery, AdminJobsQuery, Page } from '@portal/contracts';
import {
  FailedJob,
  FinishedJob,
  Job,
  listPage,
  mapPage,
  type Em,
  type IFailedJob,
  type IFinishedJob,
  type IJob,
} from '@portal/service-kit';
import { failedJobIdsQuery, jobIdsQuery } from './jobs.statements';

/**
 * Queued and running jobs and the ones that finished in the last week (the queue drains in under
 * a second, so without them there is rarely a job to open), on the list mechanism (search by name
 * or queue). A job is in one table or the other under the same id.
 */
export async function listJobs(em: Em, query: AdminJobsQuery, url: string): Promise<Page<IJob | IFinishedJob>> {
  const page = await listPage<{ id: number }, AdminJobsQuery['sort']>(jobIdsQuery(em), query, {
    search: ['name', 'queue'],
    sort: { id: 'id', name: 'name', queue: 'queue', attempts: 'attempts', available_at: 'available_at' },
    id: 'id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = idsOf(rows);
    const [waiting, finished] = await Promise.all([em.find(Job, { id: { $in: ids } }), em.find(FinishedJob, { id: { $in: ids } })]);
    return inOrder<IJob | IFinishedJob>(rows, [...waiting, ...finished]);
  });
}

/** Failed jobs, on the list mechanism (search by name, queue or error). */
export async function listFailedJobs(em: Em, query: AdminFailedJobsQuery, url: string): Promise<Page<IFailedJob>> {
  const page = await listPage<{ id: number }, AdminFailedJobsQuery['sort']>(failedJobIdsQuery(em), query, {
    search: ['name', 'queue', 'error'],
    sort: { id: 'id', name: 'name', queue: 'queue', failed_at: 'failed_at' },
    id: 'id',
    url,
  });
  return mapPage(page, async (rows) => inOrder(rows, await em.find(FailedJob, { id: { $in: idsOf(rows) } })));
}

/** Rows in the order of the page's ids. */
function inOrder<T extends { id: number }>(rows: { id: number }[], found: T[]): T[] {
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.flatMap((r) => byId.get(Number(r.id)) ?? []);
}
const idsOf = (rows: { id: number }[]) => rows.map((r) => Number(r.id));

/** A queued or running job, else one that finished in the last week. */
export const findJob = async (em: Em, id: number): Promise<IJob | IFinishedJob | null> =>
  (await em.findOne(Job, { id })) ?? em.findOne(FinishedJob, { id });
export const findFailedJob = (em: Em, id: number) => em.findOne(FailedJob, { id });
