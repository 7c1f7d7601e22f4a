import type { Knex } from '@mikro-orm/knex';
import { SchemaMigration } from '../db/schema-migration';
import type { ServiceSchema } from '../db/orm';
import { FailedJob, FinishedJob, Job, ScheduledRun } from './job.entity';

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

/**
 * What the worker and the scheduler need beyond the first tables: who holds a job and its last
 * error, the stack and tries of a failed job, and one row per scheduled occurrence (claimed by
 * its unique key, so two instances never both run it).
 */
export class JobWorkerColumns extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .alterTable('jobs', (t) => {
        t.string('reserved_by', 128).nullable();
        t.text('last_error').nullable();
      })
      .alterTable('failed_jobs', (t) => {
        t.text('stack').nullable();
        t.integer('attempts').notNullable().defaultTo(0);
        t.datetime('created_at').nullable();
      })
      .createTable('scheduled_runs', (t) => {
        t.increments('id').primary();
        t.string('task', 128).notNullable();
        t.datetime('occurrence').notNullable();
        t.datetime('started_at').notNullable();
        t.datetime('finished_at').nullable();
        t.string('outcome', 16).notNullable();
        t.text('error').nullable();
        t.unique(['task', 'occurrence']);
        t.index(['task', 'started_at']);
      });
  }
}

/** Jobs that succeeded, kept a while for the admin's Cron Jobs tab (pruned by the worker as it finishes others). */
export class FinishedJobsTable extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('finished_jobs', (t) => {
      t.integer('id').primary();
      t.string('queue', 64).notNullable();
      t.string('name', 128).notNullable();
      t.text('payload').notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.datetime('available_at').notNullable();
      t.datetime('created_at').notNullable();
      t.datetime('finished_at').notNullable();
      t.index(['finished_at']);
    });
  }
}

export const jobsSchema: ServiceSchema = {
  entities: [Job, FailedJob, FinishedJob, ScheduledRun],
  migrations: [
    { name: '202611210001_kit_jobs', class: CreateJobTables },
    { name: '202611240001_kit_jobs_worker', class: JobWorkerColumns },
    { name: '202612260001_kit_finished_jobs', class: FinishedJobsTable },
  ],
};
