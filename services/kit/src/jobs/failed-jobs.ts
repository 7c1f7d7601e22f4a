import type { Em } from '../db';
import { FailedJob, Job } from './job.entity';

/**
 * Puts a failed job back in the queue with fresh tries, due now; the failed_jobs row goes. The
 * new job's id, or null when there is no such failed job.
 */
export async function retryFailedJob(em: Em, id: number, now: Date): Promise<number | null> {
  return em.transactional(async (tx: Em) => {
    const failed = await tx.findOne(FailedJob, { id });
    if (!failed) return null;
    const job = tx.create(Job, {
      queue: failed.queue,
      name: failed.name,
      payload: failed.payload,
      attempts: 0,
      availableAt: now,
      reservedAt: null,
      reservedBy: null,
      lastError: null,
      createdAt: now,
    });
    tx.remove(failed);
    await tx.flush();
    return job.id;
  });
}

/** Every failed job back in the queue; how many. */
export async function retryAllFailedJobs(em: Em, now: Date): Promise<number> {
  const ids = (await em.find(FailedJob, {}, { fields: ['id'], orderBy: { id: 'asc' } })).map((f) => f.id);
  let count = 0;
  for (const id of ids) if ((await retryFailedJob(em.fork(), id, now)) !== null) count++;
  return count;
}

/** Deletes one failed job (true) or none. */
export async function deleteFailedJob(em: Em, id: number): Promise<boolean> {
  return (await em.nativeDelete(FailedJob, { id })) > 0;
}

export async function deleteAllFailedJobs(em: Em): Promise<number> {
  return em.nativeDelete(FailedJob, {});
}
