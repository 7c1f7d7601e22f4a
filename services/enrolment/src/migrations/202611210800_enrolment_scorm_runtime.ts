import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * The SCORM runtime: one attempt per player launch (its launch token stored hashed), the newest
 * state of each SCO per enrolment, every commit in the learner's SCORM log, and the learner's
 * course activities. Suspend data and locations are kept whole (mediumtext on MySQL).
 */
export class EnrolmentScormRuntime extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .createTable('scorm_attempts', (t) => {
        t.increments('id').primary();
        t.integer('enrollment_id').notNullable().index();
        t.integer('user_id').notNullable();
        t.string('token_hash', 64).notNullable();
        t.integer('last_seq').notNullable().defaultTo(0);
        t.datetime('started_at').notNullable();
        t.datetime('last_commit_at').nullable();
        t.datetime('finished_at').nullable();
      })
      .createTable('scorm_sco_states', (t) => {
        t.increments('id').primary();
        t.integer('enrollment_id').notNullable();
        t.string('sco_identifier', 191).notNullable();
        t.integer('attempt_id').notNullable();
        t.integer('seq').notNullable();
        t.string('progress', 16).notNullable();
        t.string('lesson_status', 32).nullable();
        t.string('completion_status', 32).nullable();
        t.string('success_status', 32).nullable();
        t.text('location', 'mediumtext').nullable();
        t.text('suspend_data', 'mediumtext').nullable();
        t.string('score_raw', 32).nullable();
        t.string('score_min', 32).nullable();
        t.string('score_max', 32).nullable();
        t.string('score_scaled', 32).nullable();
        t.string('total_time', 64).nullable();
        t.integer('total_seconds').notNullable().defaultTo(0);
        t.string('exit', 32).nullable();
        t.datetime('updated_at').notNullable();
        t.unique(['enrollment_id', 'sco_identifier']);
      })
      .createTable('scorm_logs', (t) => {
        t.increments('id').primary();
        t.integer('user_id').notNullable().index();
        t.integer('enrollment_id').notNullable().index();
        t.integer('attempt_id').notNullable();
        t.string('sco_identifier', 191).notNullable();
        t.integer('seq').notNullable();
        t.boolean('is_final').notNullable().defaultTo(false);
        t.text('slide_location', 'mediumtext').nullable();
        t.string('lesson_status', 32).nullable();
        t.string('session_time', 64).nullable();
        t.integer('session_seconds').nullable();
        t.string('score_raw', 32).nullable();
        t.string('score_min', 32).nullable();
        t.string('score_max', 32).nullable();
        t.string('total_time', 64).nullable();
        t.text('suspend_data', 'mediumtext').nullable();
        t.string('exit', 32).nullable();
        t.datetime('created_at').notNullable();
        t.unique(['attempt_id', 'seq']);
      })
      .createTable('learner_activities', (t) => {
        t.increments('id').primary();
        t.integer('enrollment_id').notNullable();
        t.integer('activity_id').notNullable();
        t.datetime('completed_at').nullable();
        t.datetime('created_at').notNullable();
        t.unique(['enrollment_id', 'activity_id']);
      });
  }
}
