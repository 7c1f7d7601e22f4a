import type { z } from 'zod';

/** What a handler learns about the job it runs. */
export interface JobRun {
  id: number;
  name: string;
  queue: string;
  /** 1 on the first try. */
  attempt: number;
  /** The worker's clock when the job was claimed. */
  now: Date;
}

/**
 * A kind of job: its name, how to read its payload, and what to do. Definitions are registered
 * at a composition root (the gateway's `jobDefinitions`, a test platform); a worker runs only the
 * names it has. A handler must be safe to run again: a job whose worker died is taken up again.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  /** Parses the stored payload; a payload that does not parse fails the job without retrying it. */
  payload?: z.ZodType<P>;
  handle(payload: P, run: JobRun): Promise<void>;
  /** Tries before the job moves to failed_jobs (default: the worker's, 3). */
  maxAttempts?: number;
}

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Thrown by a handler for a job that can never succeed: it goes to failed_jobs at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
