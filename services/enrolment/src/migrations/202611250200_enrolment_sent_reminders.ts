import { SchemaMigration, type Knex } from '@portal/service-kit';

/** Each expiry reminder of a certificate (30 days, 7 days, on the day) is sent once: the unique key says so. */
export class EnrolmentSentReminders extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('sent_reminders', (t) => {
      t.increments('id').primary();
      t.integer('enrollment_id').notNullable();
      /** 30d | 7d | 0d */
      t.string('kind', 8).notNullable();
      t.datetime('sent_at').notNullable();
      t.unique(['enrollment_id', 'kind']);
    });
  }
}
