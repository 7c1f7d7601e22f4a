import { SchemaMigration, timestamps, type Knex } from '@portal/service-kit';

export class IdentityInitial extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('companies', (t) => {
        t.increments('id').primary();
        t.string('name', 191).notNullable();
        t.string('email', 191).nullable();
        t.string('manager_name', 191).nullable();
        t.string('manager_email', 191).nullable();
        t.integer('parent_id').nullable().index();
        t.boolean('send_certificate').notNullable().defaultTo(true);
        t.boolean('send_report').notNullable().defaultTo(true);
        t.boolean('send_expiry_report').notNullable().defaultTo(true);
        t.string('logo_path', 255).nullable();
        timestamps(t);
      })
      .createTable('users', (t) => {
        t.increments('id').primary();
        t.string('name', 191).notNullable();
        t.string('email', 191).nullable().unique();
        t.string('password_hash', 255).nullable();
        t.string('login_code', 64).nullable().unique();
        t.integer('company_id').notNullable().index();
        t.string('role', 16).notNullable().defaultTo('learner');
        t.boolean('wp_user').notNullable().defaultTo(false);
        timestamps(t);
        t.index(['role']);
      })
      .createTable('sessions', (t) => {
        t.string('id', 64).primary();
        t.integer('user_id').notNullable().index();
        t.integer('mimic_company_id').nullable();
        t.string('ip_address', 64).nullable();
        t.string('user_agent', 255).nullable();
        t.datetime('created_at').notNullable();
        t.datetime('last_seen_at').notNullable();
        t.datetime('expires_at').notNullable();
      });
  }
}
