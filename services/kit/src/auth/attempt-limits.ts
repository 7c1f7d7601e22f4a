import { defineEntity, sql, type InferEntity } from '@mikro-orm/core';
import type { Em, Orm } from '../db/orm';
import type { DirectTransaction } from '../db/direct-transaction';
import { rowDate } from '../db/rows';
import { AppError } from '../errors';
import { deleteAttempts, insertAttempt, insertMissingBuckets, newestAttempts } from './attempt-limits.statements';

export { newestAttemptsQuery } from './attempt-limits.statements';

/**
 * Attempt limits shared by every service (sign-ins, mail requests, activity codes): counted
 * attempts are rows, so every instance of a service sees the same counts, and a limit is a sliding
 * window, so a bucket always frees itself — nobody can be locked out for good. An attempt is
 * counted before the secret is checked (`countAttempt`), one bucket at a time under a row lock, so
 * concurrency cannot outrun a limit. The tables (`auth_attempts`, `auth_attempt_buckets`) are made
 * by identity's migrations 202611210600 and 202612050100; identity's schema lists these entities,
 * and every deployment runs identity.
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

/** One row per bucket, locked while an attempt in it is counted (identity migration 202612050100). */
export const AuthAttemptBucket = defineEntity({
  name: 'AuthAttemptBucket',
  tableName: 'auth_attempt_buckets',
  properties: (p) => ({
    bucket: p.string().primary().length(191),
    uses: p.bigint('number').default(0),
  }),
});

/** At most `max` counted attempts in `bucket` within any `windowSeconds`. */
export interface AttemptLimit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the bucket has room again, or 0 when it has room now. */
export async function secondsUntilAllowed(em: Em, limit: AttemptLimit, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const recent = await em.find(
    AuthAttempt,
    { bucket: limit.bucket, createdAt: { $gt: since } },
    { orderBy: { createdAt: 'desc' }, limit: limit.max, fields: ['createdAt'] },
  );
  // The max-th most recent attempt: without it the bucket has room.
  const oldestCounted = recent.at(limit.max - 1)?.createdAt.getTime();
  if (oldestCounted === undefined) return 0;
  return Math.max(1, Math.ceil((oldestCounted + limit.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** The 429 message: "Too many {what}. Please try again in N minutes." */
export function tooManyMessage(what: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** One attempt counted by `countAttempt`: what became of it. */
export interface CountedAttempt {
  /**
   * It was no guess after all (refused before any secret was compared): it stops counting in
   * these buckets (default: all of them).
   */
  withdraw(from?: AttemptLimit[]): Promise<void>;
  /** The right answer: it stops counting, and the `clear` buckets are emptied. */
  succeeded(clear?: AttemptLimit[]): Promise<void>;
}

/** A locked bucket row that vanished (the clean-up removed it meanwhile): make it again and retry. */
const LOCK_TRIES = 3;

/**
 * Counts one attempt in every bucket BEFORE the secret is checked, or refuses it with 429 when a
 * bucket is full (issue 25 D3: checking first and recording after the slow password hash let 60
 * concurrent guesses through 18–32 checks). One short transaction per attempt: it first bumps each
 * bucket's row in `auth_attempt_buckets` (in bucket order, so two attempts never wait on each
 * other crosswise) — that UPDATE holds the row's lock on MariaDB and the database's write lock on
 * SQLite until commit — then counts the window and inserts the attempt only where every bucket has
 * room. So attempts of one bucket are counted one after another, whichever process makes them,
 * and at most `max` go ahead per window. A refused attempt is not counted (hammering does not
 * prolong the window). Never call it inside an open transaction (SQLite has one connection).
 */
export async function countAttempt(em: Em, limits: AttemptLimit[], now: Date, what: string): Promise<CountedAttempt> {
  const db = em.fork({ clear: true });
  const buckets = [...new Set(limits.map((l) => l.bucket))].sort();
  const rows: { bucket: string; id: number }[] = [];
  for (let tries = 1; ; tries++) {
    await insertMissingBuckets(db, buckets);
    const outcome = await db.transactional(async (tx) => {
      for (const bucket of buckets) {
        const locked = await tx.nativeUpdate(AuthAttemptBucket, { bucket }, { uses: sql`uses + 1` });
        if (locked !== 1) return 'vanished' as const;
      }
      let wait = 0;
      for (const limit of limits) {
        const counted = await tx.count(AuthAttempt, { bucket: limit.bucket, createdAt: { $gt: windowStart(limit, now) } });
        if (counted >= limit.max) wait = Math.max(wait, await secondsUntilAllowed(tx, limit, now));
      }
      if (wait > 0) return { wait };
      for (const bucket of buckets) rows.push({ bucket, id: Number(await tx.insert(AuthAttempt, { bucket, createdAt: now })) });
      return 'counted' as const;
    });
    if (outcome === 'counted') break;
    if (outcome === 'vanished') {
      if (tries < LOCK_TRIES) continue;
      throw new Error(`attempt bucket rows keep vanishing: ${buckets.join(', ')}`);
    }
    throw new AppError('rate_limited', tooManyMessage(what, outcome.wait), { retryAfterSeconds: outcome.wait });
  }
  const remove = async (from: AttemptLimit[]) => {
    const chosen = new Set(from.map((l) => l.bucket));
    const ids = rows.filter((r) => chosen.has(r.bucket)).map((r) => r.id);
    if (ids.length) await db.nativeDelete(AuthAttempt, { id: { $in: ids } });
  };
  return {
    withdraw: (from = limits) => remove(from),
    async succeeded(clear = []) {
      await remove(limits);
      for (const limit of clear) await clearAttempts(db, limit);
    },
  };
}

const windowStart = (limit: AttemptLimit, now: Date) => new Date(now.getTime() - limit.windowSeconds * 1000);

export async function clearAttempts(em: Em, limit: AttemptLimit): Promise<void> {
  await em.nativeDelete(AuthAttempt, { bucket: limit.bucket });
}

/**
 * Rows older than the window, at least this many, are dropped by the lean pair below (a bucket used
 * every few seconds would otherwise pay a delete on nearly every attempt).
 */
export const STALE_ATTEMPTS_PRUNED_AT = 10;

/**
 * How many of the bucket's newest rows `attemptLimitOf` needs to see: the bucket never holds more
 * than max rows in the window plus fewer than the pruning batch past it, so these are all it holds.
 */
export const attemptRowsToRead = (limit: AttemptLimit) => limit.max + STALE_ATTEMPTS_PRUNED_AT * 2;

/**
 * The lean form of `countAttempt` for one limit on a hot path (the SCORM commit), same rule, fewer
 * statements: one prepared read answers both whether the bucket has room and which of its rows are
 * past the window; `recordAttemptRow` then counts it inside the caller's own transaction. No bucket
 * lock: two requests of one bucket at the same instant may both pass at max - 1, which is why
 * secrets (passwords, codes) use `countAttempt`; a commit's bucket is one attempt's own player.
 */
export async function checkAttemptLimit(from: Em | Orm, limit: AttemptLimit, now: Date, what: string): Promise<{ staleIds: number[] }> {
  return attemptLimitOf(await newestAttempts(from, limit.bucket, attemptRowsToRead(limit)), limit, now, what);
}

/** `checkAttemptLimit` on rows already read (`newestAttemptsQuery`, newest first): 429 when the bucket is full. */
export function attemptLimitOf(
  rows: { id: number; created_at: unknown }[],
  limit: AttemptLimit,
  now: Date,
  what: string,
): { staleIds: number[] } {
  const windowStart = now.getTime() - limit.windowSeconds * 1000;
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
export async function recordAttemptRow(em: Em | DirectTransaction, limit: AttemptLimit, now: Date, staleIds: number[]): Promise<void> {
  if (staleIds.length >= STALE_ATTEMPTS_PRUNED_AT) await deleteAttempts(em, staleIds);
  await insertAttempt(em, { bucket: limit.bucket, created_at: em.getPlatform().processDateProperty(now) });
}
