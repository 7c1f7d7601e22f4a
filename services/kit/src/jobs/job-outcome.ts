import type { Em, Orm } from '../db';
import { logger } from '../logger';
import { FailedJob, FINISHED_JOBS_KEPT_DAYS, FinishedJob, Job, type IJob } from './job.entity';
import { errorMessage } from './job-reservation';

/** What every outcome needs: the reservation it is guarded by, and the clock. */
export interface OutcomeContext {
  orm: Orm;
  workerId: string;
  now: () => Date;
}

/** Moves the job to failed_jobs (error and stack), unless its reservation was lost meanwhile. */
export async function failJob(context: OutcomeContext, job: IJob, error: unknown, stack: string | null): Promise<void> {
  const em = context.orm.em.fork();
  await em.transactional(async (tx: Em) => {
    const deleted = await tx.nativeDelete(Job, { id: job.id, reservedBy: context.workerId });
    if (!deleted) return;
    tx.create(FailedJob, {
      queue: job.queue,
      name: job.name,
      payload: job.payload,
      error: errorMessage(error),
      stack,
      attempts: job.attempts,
      createdAt: job.createdAt,
      failedAt: context.now(),
    });
  });
  logger.warn('job failed', { job: job.id, name: job.name, attempts: job.attempts, error: errorMessage(error) });
}

/** Releases the job for another try once `backoffMs` has passed, keeping the error. */
export async function releaseForRetry(
  context: OutcomeContext,
  em: Em,
  job: IJob,
  failure: { error: unknown; stack: string | null; backoffMs: number },
): Promise<void> {
  const { error, stack } = failure;
  const availableAt = new Date(context.now().getTime() + failure.backoffMs);
  await em.nativeUpdate(
    Job,
    { id: job.id, reservedBy: context.workerId },
    { reservedAt: null, reservedBy: null, availableAt, lastError: `${errorMessage(error)}\n${stack ?? ''}`.trim() },
  );
  logger.info('job will be retried', {
    job: job.id,
    name: job.name,
    attempt: job.attempts,
    availableAt: availableAt.toISOString(),
    error: errorMessage(error),
  });
}

/** Moves the job to finished_jobs; false when its reservation was lost (another worker has it). */
export function moveToFinished(context: OutcomeContext, em: Em, job: IJob, finishedAt: Date): Promise<boolean> {
  return em.transactional(async (tx: Em) => {
    const deleted = await tx.nativeDelete(Job, { id: job.id, reservedBy: context.workerId });
    if (!deleted) return false;
    tx.create(FinishedJob, {
      id: job.id,
      queue: job.queue,
      name: job.name,
      payload: job.payload,
      attempts: job.attempts,
      availableAt: job.availableAt,
      createdAt: job.createdAt,
      finishedAt,
    });
    return true;
  });
}

/**
 * Finished jobs are kept FINISHED_JOBS_KEPT_DAYS for the Cron Jobs tab; older ones go, at most
 * once a minute per worker and outside the job's transaction (a busy queue does not pay per job).
 */
export function createFinishedPruner(orm: Orm): (now: Date) => Promise<void> {
  let prunedAt = 0;
  return async function pruneFinished(now: Date) {
    if (now.getTime() - prunedAt < 60_000) return;
    prunedAt = now.getTime();
    try {
      await orm.em
        .fork()
        .nativeDelete(FinishedJob, { finishedAt: { $lt: new Date(now.getTime() - FINISHED_JOBS_KEPT_DAYS * 24 * 60 * 60 * 1000) } });
    } catch (error) {
      logger.warn('could not remove old finished jobs; the next finished job tries again', { error: errorMessage(error) });
      prunedAt = 0;
    }
  };
}
