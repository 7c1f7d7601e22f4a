import type { Em, Orm } from '../db';
import { Job } from './job.entity';

export const DEFAULT_QUEUE = 'default';

export interface NewJob {
  name: string;
  /** Anything JSON can carry (Dates arrive as strings; binary as base64). */
  payload: unknown;
  /** Runs no earlier than this long after now (the queue's clock). */
  delayMs?: number;
  queue?: string;
}

export interface EnqueueOptions {
  /**
   * Write the job with the caller's work: inside `em.transactional(...)` the row is inserted in
   * that transaction; on an entity manager outside one it is persisted and written by its next
   * flush. Either way the job exists only if the work commits.
   */
  em?: Em;
}

/** `deps.jobs`: puts jobs in the durable queue (the jobs table); workers run them. */
export interface JobQueue {
  enqueue(name: string, payload: unknown, options?: EnqueueOptions & Omit<NewJob, 'name' | 'payload'>): Promise<void>;
  /** Several jobs in one batch insert. */
  enqueueMany(jobs: NewJob[], options?: EnqueueOptions): Promise<void>;
  /** Resolves once every job this process has enqueued without an `em` so far is written. */
  settled(): Promise<void>;
  /** Tells a worker in this process that jobs were written, so it need not wait for its next poll. */
  onEnqueued(listener: () => void): () => void;
}

/**
 * The queue of a composition root. Without an `em` a job is written at once on its own entity
 * manager: do not await that inside your own open transaction on SQLite (one connection) — pass
 * the transaction's `em` instead.
 */
/**
 * Rows in statements of JOB_INSERT_CHUNK: one insertMany of 10,000 mail jobs took 38 s on SQLite,
 * 500 at a time about a second.
 */
const JOB_INSERT_CHUNK = 500;

export function createJobQueue(options: { orm: Orm; now: () => Date }): JobQueue {
  const pending = new Set<Promise<unknown>>();
  const listeners = new Set<() => void>();

  function rows(jobs: NewJob[]) {
    const now = options.now();
    return jobs.map((job) => {
      const payload = JSON.stringify(job.payload ?? null);
      return {
        queue: job.queue ?? DEFAULT_QUEUE,
        name: job.name,
        payload,
        attempts: 0,
        availableAt: new Date(now.getTime() + Math.max(0, job.delayMs ?? 0)),
        reservedAt: null,
        reservedBy: null,
        lastError: null,
        createdAt: now,
      };
    });
  }

  async function insertInChunks(em: Em, data: ReturnType<typeof rows>): Promise<void> {
    for (let i = 0; i < data.length; i += JOB_INSERT_CHUNK) await em.insertMany(Job, data.slice(i, i + JOB_INSERT_CHUNK));
  }

  async function enqueueMany(jobs: NewJob[], enqueueOptions: EnqueueOptions = {}): Promise<void> {
    if (!jobs.length) return;
    const data = rows(jobs);
    const { em } = enqueueOptions;
    if (em) {
      if (em.isInTransaction()) await insertInChunks(em, data);
      else for (const row of data) em.create(Job, row);
      return;
    }
    const write = insertInChunks(options.orm.em.fork(), data);
    pending.add(write);
    try {
      await write;
    } finally {
      pending.delete(write);
    }
    for (const listener of listeners) listener();
  }

  return {
    enqueue: (name, payload, { em, ...job } = {}) => enqueueMany([{ name, payload, ...job }], em ? { em } : {}),
    enqueueMany,
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    onEnqueued(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
