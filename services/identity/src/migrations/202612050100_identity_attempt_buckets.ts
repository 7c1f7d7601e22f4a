import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * One row per attempt-limit bucket, locked while an attempt is counted (kit attempt-limits
 * `countAttempt`): so concurrent attempts in one bucket are counted one after the other, in every
 * process (issue 25 D3).
 */
export class IdentityAttemptBuckets extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('auth_attempt_buckets', (t) => {
      t.string('bucket', 191).primary();
      /** Bumped by every count: the UPDATE that takes the row's lock always changes it. */
      t.bigInteger('uses').notNullable().defaultTo(0);
    });
  }
}
