import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * The learner's sign-in history (sessions end at sign-out, so they cannot be it), and the email a
 * set-up link (a login-code learner adding an email and a password) is for.
 */
export class IdentitySignIns extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('sign_ins', (t) => {
        t.increments('id').primary();
        t.integer('user_id').notNullable();
        /** password | login_code | login_link */
        t.string('method', 16).notNullable();
        t.datetime('created_at').notNullable();
        t.index(['user_id', 'created_at']);
      })
      .alterTable('user_tokens', (t) => {
        t.string('email', 191).nullable();
      });
  }
}
