import { SchemaMigration, timestamps, type Knex } from '@portal/service-kit';

export class CatalogueInitial extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('categories', (t) => {
        t.increments('id').primary();
        t.string('name', 191).notNullable();
      })
      .createTable('courses', (t) => {
        t.increments('id').primary();
        t.string('name', 191).notNullable();
        t.text('description').notNullable();
        t.integer('company_id').nullable().index();
        t.string('duration', 64).nullable();
        t.integer('validity_period').notNullable().defaultTo(1);
        t.string('sku', 64).nullable();
        t.string('wp_link', 255).nullable();
        t.integer('credit_cost').notNullable().defaultTo(1);
        t.boolean('has_bridging').notNullable().defaultTo(false);
        t.string('certificate_path', 255).nullable();
        t.string('package_path', 255).nullable();
        t.string('scorm_version', 16).nullable();
        t.string('launch_path', 255).nullable();
        timestamps(t);
      })
      .createTable('course_categories', (t) => {
        t.integer('course_id').notNullable();
        t.integer('category_id').notNullable().index();
        t.primary(['course_id', 'category_id']);
      });
  }
}
