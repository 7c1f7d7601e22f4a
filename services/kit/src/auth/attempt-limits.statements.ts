import type { Knex } from '@mikro-orm/knex';
import type { Em } from '../db/orm';
import { preparedRead } from '../db/prepared-read';
import { preparedWrite } from '../db/prepared-write';

// The attempt limits' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The lock rows of these buckets, made where missing (a bucket's row is never changed here). */
export async function insertMissingBuckets(em: Em, buckets: string[]): Promise<void> {
  await em
    .getKnex()('auth_attempt_buckets')
    .insert(buckets.map((bucket) => ({ bucket, uses: 0 })))
    .onConflict('bucket')
    .ignore();
}

/** The bucket's newest rows, as many as `checkAttemptLimit` needs: a query to read alone or to join to another read (`attemptRowsToRead`). */
export const newestAttemptsQuery = (knex: Knex, bucket: string, count: number) =>
  knex('auth_attempts').select('id', 'created_at').where('bucket', bucket).orderBy('created_at', 'desc').limit(count);
export const newestAttempts = preparedRead<{ id: number; created_at: unknown }, [bucket: string, count: number]>(newestAttemptsQuery);
export const insertAttempt = preparedWrite<[row: { bucket: string; created_at: unknown }]>((knex, row) =>
  knex('auth_attempts').insert(row),
);
export const deleteAttempts = preparedWrite<[ids: number[]]>((knex, ids) => knex('auth_attempts').whereIn('id', ids).delete());
