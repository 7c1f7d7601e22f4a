import { isMysql, type Em, type Orm } from '../db';
import { logger } from '../logger';
import { Job, type IJob } from './job.entity';

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
  const where = [
    `name IN (${names.map(() => '?').join(', ')})`,
    ...(queues.length ? [`queue IN (${queues.map(() => '?').join(', ')})`] : []),
    'available_at <= ?',
    '(reserved_at IS NULL OR reserved_at <= ?)',
  ].join(' AND ');
  const params = [...names, ...queues, at, staleBefore];
  const id = isMysql(em) ? await claimOnMysql(em, where, params, at, workerId) : await claimOnSqlite(em, where, params, at, workerId);
  if (id === undefined) return null;
  return orm.em.fork().findOne(Job, { id, reservedBy: workerId });
}

function claimOnMysql(em: Em, where: string, params: unknown[], at: unknown, workerId: string): Promise<number | undefined> {
  return em.transactional(async (tx: Em) => {
    const rows = await tx.execute<{ id: number }[]>(
      `SELECT id FROM jobs WHERE ${where} ORDER BY available_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      params,
    );
    const row = rows[0];
    if (!row) return undefined;
    await tx.execute('UPDATE jobs SET reserved_at = ?, reserved_by = ?, attempts = attempts + 1 WHERE id = ?', [at, workerId, row.id]);
    return Number(row.id);
  });
}

async function claimOnSqlite(em: Em, where: string, params: unknown[], at: unknown, workerId: string): Promise<number | undefined> {
  const rows = await em.execute<{ id: number }[]>(
    `UPDATE jobs SET reserved_at = ?, reserved_by = ?, attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE ${where} ORDER BY available_at, id LIMIT 1) RETURNING id`,
    [at, workerId, ...params],
    'all',
  );
  return rows[0] ? Number(rows[0].id) : undefined;
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
