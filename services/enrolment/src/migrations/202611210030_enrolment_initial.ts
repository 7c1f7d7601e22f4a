import { SchemaMigration, timestamps, type Knex } from '@portal/service-kit';

export class EnrolmentInitial extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('enrollments', (t) => {
        t.increments('id').primary();
        t.integer('user_id').notNullable().index();
        t.integer('course_id').notNullable().index();
        t.integer('company_id').notNullable().index();
        t.string('status', 16).notNullable().defaultTo('not_started');
        t.integer('score').nullable();
        t.string('certificate_code', 64).nullable().unique();
        t.datetime('started_at').nullable();
        t.datetime('passed_at').nullable();
        t.datetime('expires_at').nullable();
        timestamps(t);
      })
      .createTable('credit_accounts', (t) => {
        t.integer('company_id').primary();
        t.integer('balance').notNullable().defaultTo(0);
        t.datetime('updated_at').notNullable();
      })
      .createTable('credit_transactions', (t) => {
        t.increments('id').primary();
        t.integer('company_id').notNullable().index();
        t.integer('delta').notNullable();
        t.string('kind', 16).notNullable();
        t.integer('enrollment_id').nullable();
        t.string('order_id', 64).nullable();
        t.string('note', 255).nullable();
        t.datetime('created_at').notNullable();
      });
  }
}
