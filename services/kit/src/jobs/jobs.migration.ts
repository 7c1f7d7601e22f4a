import type { Knex } from '@mikro-orm/knex';
import { SchemaMigration } from '../db/schema-migration';

/** Jobs and failed jobs live in the database (DESIGN.md "Jobs, mail and schedule"). */
export class CreateJobTables extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('jobs', (t) => {
        t.increments('id').primary();
        t.string('queue', 64).notNullable().defaultTo('default');
        t.string('name', 128).notNullable();
        t.text('payload').notNullable();
        t.integer('attempts').notNullable().defaultTo(0);
        t.datetime('available_at').notNullable();
        t.datetime('reserved_at').nullable();
        t.datetime('created_at').notNullable();
        t.index(['queue', 'available_at']);
      })
      .createTable('failed_jobs', (t) => {
        t.increments('id').primary();
        t.string('queue', 64).notNullable();
        t.string('name', 128).notNullable();
        t.text('payload').notNullable();
        t.text('error').notNullable();
        t.datetime('failed_at').notNullable();
      });
  }
}

export const jobsSchema = {
  entities: [],
  migrations: [{ name: '202611210001_kit_jobs', class: CreateJobTables }],
};
