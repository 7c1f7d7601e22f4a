import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * The Site tab's settings (issue 12): one row per saved key; a key never saved reads as its
 * default in contracts (DEFAULT_SITE_SETTINGS), so nothing needs seeding.
 */
export class IdentitySiteSettings extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('site_settings', (t) => {
      t.string('key', 64).primary();
      t.text('value').notNullable();
      t.integer('updated_by_id').nullable();
      t.datetime('updated_at').notNullable();
    });
  }
}
