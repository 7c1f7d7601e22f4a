import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Orm } from '../db';
import { logger } from '../logger';
import type { IJob } from './job.entity';
import { PermanentJobError, type JobDefinition } from './job-definition';
import { claimJob, errorMessage, keepReserved } from './job-reservation';
import { createFinishedPruner, failJob, moveToFinished, releaseForRetry, type OutcomeContext } from './job-outcome';
import type { JobQueue } from './job-queue';
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

/** The options with their defaults, as the worker's steps read them. */
interface WorkerSettings {
  orm: Orm;
  now: () => Date;
  definitions: Map<string, JobDefinition>;
  baseId: string;
  reserveTimeoutMs: number;
  heartbeatMs: number;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
  pollMs: number;
}

function settingsOf(options: WorkerOptions): WorkerSettings {
  const reserveTimeoutMs = options.reserveTimeoutMs ?? DEFAULT_RESERVE_TIMEOUT_MS;
  return {
    orm: options.orm,
    now: options.now,
    definitions: new Map(options.definitions.map((d) => [d.name, d])),
    baseId: options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    reserveTimeoutMs,
    heartbeatMs: Math.max(1, options.heartbeatMs ?? Math.floor(reserveTimeoutMs / 4)),
    maxAttempts: options.maxAttempts ?? 3,
    backoffMs: options.backoffMs ?? defaultBackoffMs,
    pollMs: options.pollMs ?? 1000,
  };
}

/** An idle wait of pollMs that a local enqueue (or stop) ends early. */
function createWaker(pollMs: number) {
  let wakers: (() => void)[] = [];
  return {
    wakeAll() {
      const current = wakers;
      wakers = [];
      for (const wake of current) wake();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        wakers.push(done);
      }),
  };
}

/** The steps of one claimed job: its handler, then finished, released for a retry, or failed. */
interface JobRun {
  settings: WorkerSettings;
  outcome: OutcomeContext;
  pruneFinished: (now: Date) => Promise<void>;
}

async function runReserved(run: JobRun, job: IJob): Promise<void> {
  const { settings, outcome } = run;
  const definition = settings.definitions.get(job.name);
  // Only rows named by a definition are reserved (see reserve's `name IN`).
  if (!definition) throw new Error(`Job ${job.id} is named "${job.name}", which this worker does not define.`);
  const limit = definition.maxAttempts ?? settings.maxAttempts;
  const em = settings.orm.em.fork();
  if (job.attempts > limit) {
    // Its last try never finished: the worker running it died.
    const error = new Error(`Its worker stopped during the last of ${limit} tries (the reservation timed out).`);
    await failJob(outcome, job, error, job.lastError ?? null);
    return;
  }
  try {
    await handleJob(definition, job, settings.now);
  } catch (error) {
    const stack = error instanceof Error ? (error.stack ?? null) : null;
    if (error instanceof PermanentJobError || job.attempts >= limit) await failJob(outcome, job, error, stack);
    else await releaseForRetry(outcome, em, job, { error, stack, backoffMs: settings.backoffMs(job.attempts) });
    return;
  }
  const finishedAt = settings.now();
  const moved = await moveToFinished(outcome, em, job, finishedAt);
  if (!moved) logger.warn('job finished after its reservation timed out', { job: job.id, name: job.name });
  else await run.pruneFinished(finishedAt);
}

/** The payload parsed (a misfit is permanent) and handed to the definition's handler. */
async function handleJob(definition: JobDefinition, job: IJob, now: () => Date): Promise<void> {
  let payload: unknown = JSON.parse(job.payload);
  if (definition.payload) {
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError(`The payload does not fit ${job.name}: ${parsed.error.message}`);
    payload = parsed.data;
  }
  await definition.handle(payload, { id: job.id, name: job.name, queue: job.queue, attempt: job.attempts, now: now() });
}

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
  const settings = settingsOf(options);
  const { orm, now, baseId } = settings;
  const names = [...settings.definitions.keys()];
  const pruneFinished = createFinishedPruner(orm);
  const waker = createWaker(settings.pollMs);
  let running = false;
  let loops: Promise<void>[] = [];
  let unsubscribe: (() => void) | undefined;

  async function runNext(workerId = baseId): Promise<boolean> {
    const { reserveTimeoutMs, heartbeatMs } = settings;
    const job = await claimJob({ orm, names, queues: options.queues ?? [], now, reserveTimeoutMs, workerId });
    if (!job) return false;
    const stopHeartbeat = keepReserved(job, { orm, workerId, heartbeatMs, now });
    try {
      await runReserved({ settings, outcome: { orm, workerId, now }, pruneFinished }, job);
    } finally {
      stopHeartbeat();
    }
    return true;
  }

  async function loop(workerId: string) {
    while (running) {
      let didWork = false;
      try {
        didWork = await runNext(workerId);
      } catch (error) {
        // A busy or lost database connection: try again after the poll interval.
        logger.error('job worker could not claim or finish a job', { worker: workerId, error: errorMessage(error) });
      }
      if (!didWork && running) await waker.idle();
    }
  }

  return {
    id: baseId,
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.queue?.onEnqueued(waker.wakeAll);
      const concurrency = Math.max(1, options.concurrency ?? 1);
      loops = Array.from({ length: concurrency }, (_, i) => loop(concurrency > 1 ? `${baseId}#${i + 1}` : baseId));
    },
    async stop() {
      running = false;
      unsubscribe?.();
      waker.wakeAll();
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
