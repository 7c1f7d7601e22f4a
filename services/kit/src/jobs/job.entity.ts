import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A job waiting or running: `reserved_at`/`reserved_by` say which worker holds it since when. */
export const Job = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    queue: p.string().length(64),
    name: p.string().length(128),
    payload: p.text(),
    attempts: p.integer(),
    availableAt: p.datetime().fieldName('available_at'),
    reservedAt: p.datetime().fieldName('reserved_at').nullable(),
    reservedBy: p.string().fieldName('reserved_by').length(128).nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  }),
});
export type IJob = InferEntity<typeof Job>;

/** A job that used up its tries, kept with its error and stack until retried or deleted. */
export const FailedJob = defineEntity({
  name: 'FailedJob',
  tableName: 'failed_jobs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    queue: p.string().length(64),
    name: p.string().length(128),
    payload: p.text(),
    error: p.text(),
    stack: p.text().nullable(),
    attempts: p.integer(),
    createdAt: p.datetime().fieldName('created_at').nullable(),
    failedAt: p.datetime().fieldName('failed_at'),
  }),
});
export type IFailedJob = InferEntity<typeof FailedJob>;

/**
 * A job that succeeded, kept FINISHED_JOBS_KEPT_DAYS so the admin can open what ran (the queue
 * drains in under a second). It keeps its job's id: a job is in jobs or here, never both.
 */
export const FinishedJob = defineEntity({
  name: 'FinishedJob',
  tableName: 'finished_jobs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(false),
    queue: p.string().length(64),
    name: p.string().length(128),
    payload: p.text(),
    attempts: p.integer(),
    availableAt: p.datetime().fieldName('available_at'),
    createdAt: p.datetime().fieldName('created_at'),
    finishedAt: p.datetime().fieldName('finished_at'),
  }),
});
export type IFinishedJob = InferEntity<typeof FinishedJob>;
export const FINISHED_JOBS_KEPT_DAYS = 7;

export const RUN_OUTCOMES = ['running', 'succeeded', 'failed'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** One occurrence of a scheduled task; (task, occurrence) is unique: the insert is the claim. */
export const ScheduledRun = defineEntity({
  name: 'ScheduledRun',
  tableName: 'scheduled_runs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    task: p.string().length(128),
    occurrence: p.datetime(),
    startedAt: p.datetime().fieldName('started_at'),
    finishedAt: p.datetime().fieldName('finished_at').nullable(),
    outcome: p.enum([...RUN_OUTCOMES]),
    error: p.text().nullable(),
  }),
});
export type IScheduledRun = InferEntity<typeof ScheduledRun>;
