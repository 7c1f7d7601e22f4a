import type { Orm } from '../db';
import { logger } from '../logger';
import { Job, type IJob } from './job.entity';
import { reserveNextJob } from './jobs.statements';

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ClaimRequest {
  orm: Orm;
  /** The job names the worker defines: only those are claimed. */
  names: string[];
  /** Only these queues (empty: every queue). */
  queues: string[];
  now: () => Date;
  reserveTimeoutMs: number;
  workerId: string;
}

/**
 * Reserves the next due job for `workerId` (see createWorker): on MySQL/MariaDB a transaction
 * selects it `FOR UPDATE SKIP LOCKED`, on SQLite one `UPDATE … RETURNING` does both.
 */
export async function claimJob(request: ClaimRequest): Promise<IJob | null> {
  const { orm, names, queues, reserveTimeoutMs, workerId } = request;
  if (!names.length) return null;
  const em = orm.em.fork();
  const platform = em.getPlatform();
  const now = request.now();
  const at = platform.processDateProperty(now) as unknown;
  const staleBefore = platform.processDateProperty(new Date(now.getTime() - reserveTimeoutMs)) as unknown;
  const id = await reserveNextJob(em, { names, queues, at, staleBefore, workerId });
  if (id === undefined) return null;
  return orm.em.fork().findOne(Job, { id, reservedBy: workerId });
}

/** Renews the job's reservation every heartbeatMs until the returned stop is called. */
export function keepReserved(job: IJob, reservation: { orm: Orm; workerId: string; heartbeatMs: number; now: () => Date }): () => void {
  const { orm, workerId, heartbeatMs, now } = reservation;
  let renewing = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (renewing || stopped) return;
    renewing = true;
    orm.em
      .fork()
      .nativeUpdate(Job, { id: job.id, reservedBy: workerId }, { reservedAt: now() })
      .then((renewed) => {
        // Once stopped, the job is finished (deleted or released): no row is no loss.
        if (!renewed && !stopped) logger.warn('job reservation was lost while it ran', { job: job.id, name: job.name });
      })
      .catch((error: unknown) =>
        logger.error('job reservation could not be renewed', { job: job.id, name: job.name, error: errorMessage(error) }),
      )
      .finally(() => {
        renewing = false;
      });
  }, heartbeatMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
