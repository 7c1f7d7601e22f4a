import type { Knex } from '@mikro-orm/knex';
import { SchemaMigration, type ServiceSchema } from '../db';
import { AuthAttempt, AuthAttemptBucket } from '../auth/attempt-limits';

/** The attempt-limit tables as identity's migrations (202611210600, 202612050100) make them. */
class AttemptTablesForTests extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('auth_attempts', (t) => {
        t.increments('id').primary();
        t.string('bucket', 191).notNullable();
        t.datetime('created_at').notNullable();
        t.index(['bucket', 'created_at']);
      })
      .createTable('auth_attempt_buckets', (t) => {
        t.string('bucket', 191).primary();
        t.bigInteger('uses').notNullable().defaultTo(0);
      });
  }
}

/**
 * The kit's attempt limits count into tables identity's migrations make (every deployment runs
 * identity). A service tested without identity (its port a fake) gets them from this schema.
 */
export const attemptTablesSchema: ServiceSchema = {
  entities: [AuthAttempt, AuthAttemptBucket],
  migrations: [{ name: '202611210600_test_attempt_tables', class: AttemptTablesForTests }],
};
