import type { AdminFailedJobsQuery, AdminJobsQuery, Page } from '@portal/contracts';
import { FailedJob, Job, listPage, mapPage, type Em, type IFailedJob, type IJob } from '@portal/service-kit';

/** Queued and running jobs, on the list mechanism (search by name or queue). */
export async function listJobs(em: Em, query: AdminJobsQuery, url: string): Promise<Page<IJob>> {
  const base = em.getKnex()('jobs').select('id');
  const page = await listPage<{ id: number }, AdminJobsQuery['sort']>(base, query, {
    search: ['name', 'queue'],
    sort: { id: 'id', name: 'name', queue: 'queue', attempts: 'attempts', available_at: 'available_at' },
    id: 'id',
    url,
  });
  return mapPage(page, async (rows) => inOrder(rows, await em.find(Job, { id: { $in: idsOf(rows) } })));
}

/** Failed jobs, on the list mechanism (search by name, queue or error). */
export async function listFailedJobs(em: Em, query: AdminFailedJobsQuery, url: string): Promise<Page<IFailedJob>> {
  const base = em.getKnex()('failed_jobs').select('id');
  const page = await listPage<{ id: number }, AdminFailedJobsQuery['sort']>(base, query, {
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

export const findJob = (em: Em, id: number) => em.findOne(Job, { id });
export const findFailedJob = (em: Em, id: number) => em.findOne(FailedJob, { id });
