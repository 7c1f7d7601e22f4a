import { SchemaMigration, timestamps, type Knex } from '@portal/service-kit';

/** Parsed manifests, the uploaded zip's name, course activities, and each company's course settings. */
export class CataloguePackages extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .alterTable('courses', (t) => {
        t.json('manifest').nullable();
        t.string('package_file_name', 255).nullable();
      })
      .createTable('course_activities', (t) => {
        t.increments('id').primary();
        t.integer('course_id').notNullable().index();
        t.integer('position').notNullable().defaultTo(0);
        t.string('name', 191).notNullable();
        t.integer('code').notNullable();
        t.text('description').notNullable();
        t.string('type', 16).notNullable();
        t.string('file_path', 255).nullable();
        t.string('file_name', 255).nullable();
        timestamps(t);
      })
      .createTable('company_courses', (t) => {
        t.integer('company_id').notNullable();
        t.integer('course_id').notNullable().index();
        t.boolean('selected').notNullable().defaultTo(false);
        /** The company's certificate expiry for the course, in years (null: the course's own). */
        t.integer('validity_period').nullable();
        timestamps(t);
        t.primary(['company_id', 'course_id']);
      })
      .createTable('bridging_activities', (t) => {
        t.increments('id').primary();
        t.integer('company_id').notNullable();
        t.integer('course_id').notNullable().index();
        t.integer('course_activity_id').notNullable().index();
        t.text('description').notNullable();
        t.boolean('enabled').notNullable().defaultTo(true);
        timestamps(t);
        t.unique(['company_id', 'course_activity_id']);
      });
  }
}
