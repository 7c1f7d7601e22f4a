import type { Em } from '@portal/service-kit';

// The sessions clean-up's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** Removes the lock row of every rate-limit bucket that has no attempts left. */
export async function deleteEmptyAttemptBuckets(em: Em): Promise<void> {
  await em.getConnection().execute('delete from auth_attempt_buckets where bucket not in (select distinct bucket from auth_attempts)');
}
