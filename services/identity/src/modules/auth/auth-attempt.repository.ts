import type { Em } from '@portal/service-kit';
import { AuthAttempt } from './auth-attempt.entity';

/** Every query about sign-in and mail attempts (the rate limits' buckets). */

/** When the newest `max` attempts in the bucket since `since` were made, newest first. */
export async function recentAttemptTimes(em: Em, bucket: string, since: Date, max: number): Promise<Date[]> {
  const recent = await em.find(AuthAttempt, { bucket, createdAt: { $gt: since } }, { orderBy: { createdAt: 'desc' }, limit: max, fields: ['createdAt'] });
  return recent.map((a) => a.createdAt);
}

/** Records an attempt, dropping the bucket's rows from before `expiredBefore` (they no longer count). */
export async function addAttempt(em: Em, bucket: string, at: Date, expiredBefore: Date): Promise<void> {
  await em.nativeDelete(AuthAttempt, { bucket, createdAt: { $lte: expiredBefore } });
  em.create(AuthAttempt, { bucket, createdAt: at });
}

export async function deleteAttempts(em: Em, bucket: string): Promise<void> {
  await em.nativeDelete(AuthAttempt, { bucket });
}
