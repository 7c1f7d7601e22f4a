import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { Em, Orm } from '../db/orm';
import { preparedRead } from '../db/prepared-read';
import { preparedWrite } from '../db/prepared-write';
import { rowDate } from '../db/rows';
import { AppError } from '../errors';

/**
 * Attempt limits shared by every service (sign-ins, mail requests, activity codes): counted
 * attempts are rows, so every instance of a service sees the same counts, and a limit is a sliding
 * window, so a bucket always frees itself — nobody can be locked out for good. The table
 * (`auth_attempts`) is made by identity's migration 202611210600; identity's schema lists this
 * entity, and every deployment runs identity.
 */
export const AuthAttempt = defineEntity({
  name: 'AuthAttempt',
  tableName: 'auth_attempts',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    bucket: p.string().length(191),
    createdAt: p.datetime().fieldName('created_at'),
  }),
});
export type IAuthAttempt = InferEntity<typeof AuthAttempt>;

/** At most `max` counted attempts in `bucket` within any `windowSeconds`. */
export interface AttemptLimit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the bucket has room again, or 0 when it has room now. */
export async function secondsUntilAllowed(em: Em, limit: AttemptLimit, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const recent = await em.find(AuthAttempt, { bucket: limit.bucket, createdAt: { $gt: since } }, { orderBy: { createdAt: 'desc' }, limit: limit.max, fields: ['createdAt'] });
  if (recent.length < limit.max) return 0;
  const oldestCounted = recent[recent.length - 1]!.createdAt.getTime();
  return Math.max(1, Math.ceil((oldestCounted + limit.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** The 429 message: "Too many {what}. Please try again in N minutes." */
export function tooManyMessage(what: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws 429 (rate_limited, with Retry-After) when any of the limits is used up. */
export async function assertWithinLimits(em: Em, limits: AttemptLimit[], now: Date, what: string): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await secondsUntilAllowed(em, limit, now));
  if (wait > 0) throw new AppError('rate_limited', tooManyMessage(what, wait), { retryAfterSeconds: wait });
}

/** Counts one attempt in each bucket (flushed at once, so a failure thrown after it still counts). */
export async function recordAttempt(em: Em, limits: AttemptLimit[], now: Date): Promise<void> {
  for (const limit of limits) {
    // Rows older than the window no longer count: drop them as the bucket is used.
    await em.nativeDelete(AuthAttempt, { bucket: limit.bucket, createdAt: { $lte: new Date(now.getTime() - limit.windowSeconds * 1000) } });
    em.create(AuthAttempt, { bucket: limit.bucket, createdAt: now });
  }
  await em.flush();
}

export async function clearAttempts(em: Em, limit: AttemptLimit): Promise<void> {
  await em.nativeDelete(AuthAttempt, { bucket: limit.bucket });
}

/**
 * Rows older than the window, at least this many, are dropped by the lean pair below (a bucket used
 * every few seconds would otherwise pay a delete on nearly every attempt).
 */
export const STALE_ATTEMPTS_PRUNED_AT = 10;

const newestAttempts = preparedRead<{ id: number; created_at: unknown }, [bucket: string, count: number]>((knex, bucket, count) =>
  knex('auth_attempts').select('id', 'created_at').where('bucket', bucket).orderBy('created_at', 'desc').limit(count),
);
const insertAttempt = preparedWrite<[row: { bucket: string; created_at: unknown }]>((knex, row) => knex('auth_attempts').insert(row));
const deleteAttempts = preparedWrite<[ids: number[]]>((knex, ids) => knex('auth_attempts').whereIn('id', ids).delete());

/**
 * `assertWithinLimits` and `recordAttempt` for one limit on a hot path (the SCORM commit), same
 * rule, fewer statements: one prepared read answers both whether the bucket has room and which of
 * its rows are past the window. Throws 429 as `assertWithinLimits` does; otherwise answers what
 * `recordAttemptRow` needs, so the attempt can be counted inside the caller's own transaction.
 */
export async function checkAttemptLimit(from: Em | Orm, limit: AttemptLimit, now: Date, what: string): Promise<{ staleIds: number[] }> {
  const windowStart = now.getTime() - limit.windowSeconds * 1000;
  // The bucket never holds more than max rows in the window plus fewer than the pruning batch past it, so these are all it holds.
  const rows = await newestAttempts(from, limit.bucket, limit.max + STALE_ATTEMPTS_PRUNED_AT * 2);
  const staleIds: number[] = [];
  let counted = 0;
  let oldestCounted = 0;
  for (const row of rows) {
    const at = rowDate(row.created_at)?.getTime() ?? 0;
    if (at <= windowStart) staleIds.push(Number(row.id));
    else if (counted < limit.max) {
      counted++;
      oldestCounted = at;
    }
  }
  if (counted >= limit.max) {
    const wait = Math.max(1, Math.ceil((oldestCounted + limit.windowSeconds * 1000 - now.getTime()) / 1000));
    throw new AppError('rate_limited', tooManyMessage(what, wait), { retryAfterSeconds: wait });
  }
  return { staleIds };
}

/** Counts one attempt checked by `checkAttemptLimit` (on `em`'s transaction when it has one), dropping the bucket's stale rows once there are enough of them. */
export async function recordAttemptRow(em: Em, limit: AttemptLimit, now: Date, staleIds: number[]): Promise<void> {
  if (staleIds.length >= STALE_ATTEMPTS_PRUNED_AT) await deleteAttempts(em, staleIds);
  await insertAttempt(em, { bucket: limit.bucket, created_at: em.getPlatform().processDateProperty(now) });
}
