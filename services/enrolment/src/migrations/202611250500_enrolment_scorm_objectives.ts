import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * What the SCORM standard keeps beyond status and score (issue 13 item 10): each SCO's objectives
 * (restored on resume), every interaction of an attempt, and the SCO's progress measure.
 */
export class EnrolmentScormObjectives extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .alterTable('scorm_sco_states', (t) => {
        t.string('progress_measure', 32).nullable();
      })
      .createTable('scorm_objectives', (t) => {
        t.increments('id').primary();
        t.integer('enrollment_id').notNullable();
        t.string('sco_identifier', 191).notNullable();
        t.string('objective_id', 191).notNullable();
        t.integer('position').notNullable().defaultTo(0);
        t.string('success_status', 32).nullable();
        t.string('completion_status', 32).nullable();
        t.string('score_raw', 32).nullable();
        t.string('score_min', 32).nullable();
        t.string('score_max', 32).nullable();
        t.string('score_scaled', 32).nullable();
        t.string('progress_measure', 32).nullable();
        t.datetime('updated_at').notNullable();
        t.unique(['enrollment_id', 'sco_identifier', 'objective_id'], { indexName: 'scorm_objectives_sco_objective_unique' });
      })
      .createTable('scorm_interactions', (t) => {
        t.increments('id').primary();
        t.integer('enrollment_id').notNullable().index();
        t.integer('attempt_id').notNullable();
        t.string('sco_identifier', 191).notNullable();
        t.integer('position').notNullable();
        t.string('interaction_id', 191).notNullable();
        t.string('type', 32).nullable();
        t.text('learner_response').nullable();
        t.string('result', 32).nullable();
        t.string('latency', 64).nullable();
        t.string('timestamp', 64).nullable();
        t.datetime('updated_at').notNullable();
        t.unique(['attempt_id', 'sco_identifier', 'position'], { indexName: 'scorm_interactions_attempt_sco_position_unique' });
      });
  }
}
