import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Em, Orm } from '../db';
import { logger } from '../logger';
import { FailedJob, FINISHED_JOBS_KEPT_DAYS, FinishedJob, Job, type IJob } from './job.entity';
import { PermanentJobError, type JobDefinition } from './job-definition';
import type { JobQueue } from './job-queue';
import { reserveNextJob } from './jobs.statements';
import type { Env } from '../env';

export interface WorkerOptions {
  orm: Orm;
  definitions: JobDefinition[];
  /** The clock that decides which jobs are due and which reservations have timed out. */
  now: () => Date;
  /** Only these queues (default: every queue). */
  queues?: string[];
  /** Jobs run at the same time by this worker (default 1). */
  concurrency?: number;
  /** How long an idle worker waits before looking again (default 1 s); a local enqueue wakes it early. */
  pollMs?: number;
  /**
   * A reservation not renewed for this long is taken to belong to a dead worker, and its job runs
   * again (default 60 s). A live worker renews it every `heartbeatMs` while the job runs, so a job
   * may take as long as it needs, and one whose worker died is retried within a minute.
   */
  reserveTimeoutMs?: number;
  /** How often a running job's reservation is renewed, in real time (default a quarter of reserveTimeoutMs). */
  heartbeatMs?: number;
  /** Tries before a job moves to failed_jobs (default 3; a definition may say otherwise). */
  maxAttempts?: number;
  /** Wait before the next try after the `attempt`-th failed (default 10 s, then 60 s, …). */
  backoffMs?: (attempt: number) => number;
  /** The local queue, to wake up when this process enqueues. */
  queue?: JobQueue;
  /** Names this worker in `jobs.reserved_by` (default host:pid:random). */
  id?: string;
}

export interface Worker {
  readonly id: string;
  /** Starts the polling loops (idempotent). */
  start(): void;
  /** Stops claiming and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Claims and runs the next due job; false when none is due. */
  runNext(): Promise<boolean>;
  /** Runs due jobs one after another until none is due (tests, one-off runs); how many ran. */
  drain(): Promise<number>;
}

/** How long a reservation lasts unless its worker renews it (see WorkerOptions.reserveTimeoutMs). */
export const DEFAULT_RESERVE_TIMEOUT_MS = 60_000;

export const defaultBackoffMs = (attempt: number) => 10_000 * 6 ** (attempt - 1);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A queue worker. Claiming is the one place two workers meet: on MySQL/MariaDB a transaction
 * selects the next due row `FOR UPDATE SKIP LOCKED` and marks it reserved, so concurrent workers
 * each skip the rows the others are claiming; on SQLite one `UPDATE … WHERE id = (SELECT …)
 * RETURNING id` does both in a single statement (the database's single writer serialises them).
 * A job moves to finished_jobs when its handler succeeds, is released with a back-off when it throws, and moves
 * to failed_jobs (error and stack) after its last try. Every update after the claim is guarded by
 * `reserved_by`, so a worker that lost its reservation (timed out) changes nothing. While a job
 * runs, its worker renews `reserved_at` on a heartbeat: the reservation can stay short (a minute),
 * so the jobs of a worker that died run again soon, without a long job ever being taken twice.
 */
export function createWorker(options: WorkerOptions): Worker {
  const definitions = new Map(options.definitions.map((d) => [d.name, d]));
  const names = [...definitions.keys()];
  const baseId = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const reserveTimeoutMs = options.reserveTimeoutMs ?? DEFAULT_RESERVE_TIMEOUT_MS;
  const heartbeatMs = Math.max(1, options.heartbeatMs ?? Math.floor(reserveTimeoutMs / 4));
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const pollMs = options.pollMs ?? 1000;

  let running = false;
  let loops: Promise<void>[] = [];
  let wakers: (() => void)[] = [];
  let unsubscribe: (() => void) | undefined;

  const wakeAll = () => {
    const current = wakers;
    wakers = [];
    for (const wake of current) wake();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      wakers.push(done);
    });

  async function claim(workerId: string): Promise<IJob | null> {
    if (!names.length) return null;
    const em = options.orm.em.fork();
    const platform = em.getPlatform();
    const now = options.now();
    const at = platform.processDateProperty(now) as unknown;
    const staleBefore = platform.processDateProperty(new Date(now.getTime() - reserveTimeoutMs)) as unknown;
    const id = await reserveNextJob(em, { names, queues: options.queues ?? [], at, staleBefore, workerId });
    if (id === undefined) return null;
    return options.orm.em.fork().findOne(Job, { id, reservedBy: workerId });
  }

  async function fail(job: IJob, workerId: string, error: unknown, stack: string | null) {
    const em = options.orm.em.fork();
    await em.transactional(async (tx: Em) => {
      const deleted = await tx.nativeDelete(Job, { id: job.id, reservedBy: workerId });
      if (!deleted) return;
      tx.create(FailedJob, {
        queue: job.queue,
        name: job.name,
        payload: job.payload,
        error: message(error),
        stack,
        attempts: job.attempts,
        createdAt: job.createdAt,
        failedAt: options.now(),
      });
    });
    logger.warn('job failed', { job: job.id, name: job.name, attempts: job.attempts, error: message(error) });
  }

  /** Renews the reservation every heartbeatMs until the returned stop is called. */
  function keepReserved(job: IJob, workerId: string): () => void {
    let renewing = false;
    let stopped = false;
    const timer = setInterval(() => {
      if (renewing || stopped) return;
      renewing = true;
      options.orm.em
        .fork()
        .nativeUpdate(Job, { id: job.id, reservedBy: workerId }, { reservedAt: options.now() })
        .then((renewed) => {
          // Once stopped, the job is finished (deleted or released): no row is no loss.
          if (!renewed && !stopped) logger.warn('job reservation was lost while it ran', { job: job.id, name: job.name });
        })
        .catch((error: unknown) =>
          logger.error('job reservation could not be renewed', { job: job.id, name: job.name, error: message(error) }),
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

  async function run(job: IJob, workerId: string): Promise<void> {
    const stopHeartbeat = keepReserved(job, workerId);
    try {
      await runReserved(job, workerId);
    } finally {
      stopHeartbeat();
    }
  }

  async function runReserved(job: IJob, workerId: string): Promise<void> {
    const definition = definitions.get(job.name);
    // Only rows named by a definition are reserved (see reserve's `name IN`).
    if (!definition) throw new Error(`Job ${job.id} is named "${job.name}", which this worker does not define.`);
    const limit = definition.maxAttempts ?? maxAttempts;
    const em = options.orm.em.fork();
    if (job.attempts > limit) {
      // Its last try never finished: the worker running it died.
      await fail(
        job,
        workerId,
        new Error(`Its worker stopped during the last of ${limit} tries (the reservation timed out).`),
        job.lastError ?? null,
      );
      return;
    }
    try {
      let payload: unknown = JSON.parse(job.payload);
      if (definition.payload) {
        const parsed = definition.payload.safeParse(payload);
        if (!parsed.success) throw new PermanentJobError(`The payload does not fit ${job.name}: ${parsed.error.message}`);
        payload = parsed.data;
      }
      await definition.handle(payload, { id: job.id, name: job.name, queue: job.queue, attempt: job.attempts, now: options.now() });
    } catch (error) {
      const stack = error instanceof Error ? (error.stack ?? null) : null;
      if (error instanceof PermanentJobError || job.attempts >= limit) {
        await fail(job, workerId, error, stack);
        return;
      }
      const availableAt = new Date(options.now().getTime() + backoffMs(job.attempts));
      await em.nativeUpdate(
        Job,
        { id: job.id, reservedBy: workerId },
        { reservedAt: null, reservedBy: null, availableAt, lastError: `${message(error)}\n${stack ?? ''}`.trim() },
      );
      logger.info('job will be retried', {
        job: job.id,
        name: job.name,
        attempt: job.attempts,
        availableAt: availableAt.toISOString(),
        error: message(error),
      });
      return;
    }
    const finishedAt = options.now();
    const moved = await em.transactional(async (tx: Em) => {
      const deleted = await tx.nativeDelete(Job, { id: job.id, reservedBy: workerId });
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
    if (!moved) logger.warn('job finished after its reservation timed out', { job: job.id, name: job.name });
    else await pruneFinished(finishedAt);
  }

  /**
   * Finished jobs are kept FINISHED_JOBS_KEPT_DAYS for the Cron Jobs tab; older ones go, at most
   * once a minute per worker and outside the job's transaction (a busy queue does not pay per job).
   */
  let prunedAt = 0;
  async function pruneFinished(now: Date) {
    if (now.getTime() - prunedAt < 60_000) return;
    prunedAt = now.getTime();
    try {
      await options.orm.em
        .fork()
        .nativeDelete(FinishedJob, { finishedAt: { $lt: new Date(now.getTime() - FINISHED_JOBS_KEPT_DAYS * 24 * 60 * 60 * 1000) } });
    } catch (error) {
      logger.warn('could not remove old finished jobs; the next finished job tries again', { error: message(error) });
      prunedAt = 0;
    }
  }

  async function runNext(workerId = baseId): Promise<boolean> {
    const job = await claim(workerId);
    if (!job) return false;
    await run(job, workerId);
    return true;
  }

  async function loop(workerId: string) {
    while (running) {
      let didWork = false;
      try {
        didWork = await runNext(workerId);
      } catch (error) {
        // A busy or lost database connection: try again after the poll interval.
        logger.error('job worker could not claim or finish a job', { worker: workerId, error: message(error) });
      }
      if (!didWork && running) await idle();
    }
  }

  return {
    id: baseId,
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.queue?.onEnqueued(wakeAll);
      const concurrency = Math.max(1, options.concurrency ?? 1);
      loops = Array.from({ length: concurrency }, (_, i) => loop(concurrency > 1 ? `${baseId}#${i + 1}` : baseId));
    },
    async stop() {
      running = false;
      unsubscribe?.();
      wakeAll();
      await Promise.all(loops);
      loops = [];
    },
    runNext: () => runNext(),
    async drain() {
      await options.queue?.settled();
      let count = 0;
      while (await runNext()) count++;
      return count;
    },
  };
}

/** The worker settings of the environment (env.ts), for `createWorker`. */
export function workerSettings(
  env: Env,
): Pick<WorkerOptions, 'concurrency' | 'pollMs' | 'reserveTimeoutMs' | 'maxAttempts' | 'backoffMs' | 'queues'> {
  return {
    concurrency: env.WORKER_CONCURRENCY,
    pollMs: env.WORKER_POLL_MS,
    reserveTimeoutMs: env.JOB_RESERVE_TIMEOUT_MS,
    maxAttempts: env.JOB_MAX_ATTEMPTS,
    backoffMs: (attempt) => env.JOB_BACKOFF_MS * 6 ** (attempt - 1),
    ...(env.WORKER_QUEUES ? { queues: env.WORKER_QUEUES } : {}),
  };
}
