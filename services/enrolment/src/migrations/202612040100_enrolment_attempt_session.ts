import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * The sign-in session that opened a player attempt (issue 25 D2): the attempt's content token
 * stops working when that session ends. Older attempts have none, and their tokens no longer work.
 */
export class EnrolmentAttemptSession extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('scorm_attempts', (t) => {
      t.string('session_id', 64).nullable();
    });
  }
}
