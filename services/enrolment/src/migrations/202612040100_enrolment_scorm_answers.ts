import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * What a learner answered, shown per attempt (issue 20 item 5): an interaction's description,
 * correct patterns, weighting and when the portal first stored it; objectives kept per attempt
 * (the newest of each id is still what a resume restores). Rows from before belong to their
 * enrolment's newest attempt.
 */
export class EnrolmentScormAnswers extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .alterTable('scorm_interactions', (t) => {
        t.text('description').nullable();
        t.text('correct_responses').nullable();
        t.string('weighting', 32).nullable();
        t.datetime('recorded_at').nullable();
      })
      .raw('UPDATE scorm_interactions SET recorded_at = updated_at')
      .alterTable('scorm_objectives', (t) => {
        t.integer('attempt_id').nullable();
      })
      .raw(
        'UPDATE scorm_objectives SET attempt_id = (SELECT MAX(a.id) FROM scorm_attempts a WHERE a.enrollment_id = scorm_objectives.enrollment_id)',
      )
      .alterTable('scorm_objectives', (t) => {
        t.dropUnique(['enrollment_id', 'sco_identifier', 'objective_id'], 'scorm_objectives_sco_objective_unique');
        t.index(['enrollment_id', 'sco_identifier'], 'scorm_objectives_enrollment_sco_idx');
        t.unique(['attempt_id', 'sco_identifier', 'objective_id'], { indexName: 'scorm_objectives_attempt_objective_unique' });
      });
  }
}
