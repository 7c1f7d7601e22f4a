import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * Single-use tokens (emailed sign-in links, password resets) stored only as hashes, and the
 * sign-in attempts behind the rate limits — in the database, so every instance sees them.
 */
export class IdentityTokensAndAttempts extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('user_tokens', (t) => {
        t.increments('id').primary();
        t.integer('user_id').notNullable().index();
        t.string('purpose', 16).notNullable();
        t.string('token_hash', 64).notNullable().unique();
        t.datetime('expires_at').notNullable();
        t.datetime('used_at').nullable();
        t.datetime('created_at').notNullable();
      })
      .createTable('auth_attempts', (t) => {
        t.increments('id').primary();
        /** `account:<email or code hash>`, `address:<ip>`, `mail-account:<email hash>` … */
        t.string('bucket', 191).notNullable();
        t.datetime('created_at').notNullable();
        t.index(['bucket', 'created_at']);
      });
  }

  override async up(): Promise<void> {
    await super.up();
    // Emails are compared and stored lower-cased from now on.
    this.addSql('UPDATE users SET email = LOWER(email) WHERE email IS NOT NULL');
  }
}
