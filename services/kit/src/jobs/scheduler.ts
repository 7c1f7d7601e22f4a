import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em, Orm } from '../db';
import { logger } from '../logger';
import { ScheduledRun, type IScheduledRun, type RunOutcome } from './job.entity';
import { describeSchedule, latestOccurrence, nextOccurrence, type Schedule } from './schedule';

/**
 * A recurring task. Keep `run` short: find what is due and enqueue jobs for the slow part (mail,
 * reports), so the scheduler's loop stays on time. A run is recorded per occurrence and happens
 * at most once per occurrence across every instance; a task must also be idempotent about its
 * own work (e.g. a reminder records that it was sent), because an occurrence whose instance died
 * mid-run is not run again.
 */
export interface ScheduledTask {
  name: string;
  schedule: Schedule;
  /** What it does, for the Cron Jobs tab. */
  description: string;
  run(context: { occurrence: Date; now: Date }): Promise<void>;
}

export function defineTask(task: ScheduledTask): ScheduledTask {
  return task;
}

export interface TaskRunResult {
  task: string;
  occurrence: Date;
  /** `skipped`: the occurrence was already claimed (by this or another instance). */
  outcome: Exclude<RunOutcome, 'running'> | 'skipped';
}

export interface Scheduler {
  /** Runs every task whose latest occurrence has not been claimed yet; what happened to each due one. */
  tick(): Promise<TaskRunResult[]>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs the tasks on the injected clock. Each tick, a task's latest occurrence (at or before now) is
 * claimed by inserting its (task, occurrence) row — the unique key makes the insert the lock, so
 * of two instances exactly one runs it — then run, and the row gets its finish time and outcome.
 * Missed occurrences (the portal was down) are not replayed one by one: the latest one runs.
 */
export function createScheduler(options: { orm: Orm; tasks: ScheduledTask[]; now: () => Date; pollMs?: number }): Scheduler {
  const names = new Set<string>();
  for (const task of options.tasks) {
    if (names.has(task.name)) throw new Error(`Two scheduled tasks are named ${task.name}`);
    names.add(task.name);
  }
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function claim(task: ScheduledTask, occurrence: Date, now: Date): Promise<IScheduledRun | null> {
    const em = options.orm.em.fork();
    if (await em.count(ScheduledRun, { task: task.name, occurrence })) return null;
    const run = em.create(ScheduledRun, { task: task.name, occurrence, startedAt: now, finishedAt: null, outcome: 'running', error: null });
    try {
      await em.flush();
      return run;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  async function runTask(task: ScheduledTask): Promise<TaskRunResult | null> {
    const now = options.now();
    const occurrence = latestOccurrence(task.schedule, now);
    const claimed = await claim(task, occurrence, now);
    if (!claimed) return null;
    let outcome: 'succeeded' | 'failed' = 'succeeded';
    let error: string | null = null;
    try {
      await task.run({ occurrence, now });
    } catch (thrown) {
      outcome = 'failed';
      error = thrown instanceof Error ? `${thrown.message}\n${thrown.stack ?? ''}`.trim() : String(thrown);
      logger.error('scheduled task failed', { task: task.name, occurrence: occurrence.toISOString(), error });
    }
    await options.orm.em.fork().nativeUpdate(ScheduledRun, { id: claimed.id }, { finishedAt: options.now(), outcome, error });
    return { task: task.name, occurrence, outcome };
  }

  async function tick(): Promise<TaskRunResult[]> {
    const results = await Promise.all(
      options.tasks.map((task) =>
        runTask(task).catch((error: unknown) => {
          logger.error('scheduler could not claim a run', { task: task.name, error: String(error) });
          return null;
        }),
      ),
    );
    return results.filter((r): r is TaskRunResult => r !== null);
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          await tick();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.pollMs ?? 30_000);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      })();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}

export interface TaskStatus {
  name: string;
  description: string;
  schedule: string;
  lastRun: { occurrence: Date; startedAt: Date; finishedAt: Date | null; outcome: RunOutcome; error: string | null } | null;
  nextRunAt: Date;
}

/** Each task with its last run and next occurrence (the Cron Jobs tab). */
export async function scheduledTaskStatus(em: Em, tasks: ScheduledTask[], now: Date): Promise<TaskStatus[]> {
  return Promise.all(
    tasks.map(async (task) => {
      const last = await em.findOne(ScheduledRun, { task: task.name }, { orderBy: { occurrence: 'desc' } });
      return {
        name: task.name,
        description: task.description,
        schedule: describeSchedule(task.schedule),
        lastRun: last
          ? {
              occurrence: last.occurrence,
              startedAt: last.startedAt,
              finishedAt: last.finishedAt ?? null,
              outcome: last.outcome,
              error: last.error ?? null,
            }
          : null,
        nextRunAt: nextOccurrence(task.schedule, now),
      };
    }),
  );
}

/** Drops run records older than `before` (a task of the schedule keeps the table small). */
export async function pruneScheduledRuns(em: Em, before: Date): Promise<number> {
  return em.nativeDelete(ScheduledRun, { startedAt: { $lt: before } });
}
