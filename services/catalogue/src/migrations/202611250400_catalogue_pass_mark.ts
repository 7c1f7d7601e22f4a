import { SchemaMigration, type Knex } from '@portal/service-kit';

/** A course's pass mark (0–100): decides a pass when content reports a score and no success. */
export class CataloguePassMark extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('courses', (t) => {
      t.integer('pass_mark').nullable();
    });
  }
}
