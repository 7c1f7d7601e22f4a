import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * Enrolling (issue 9): an admin's manual pass keeps its reason with who and when; enrolments are
 * looked up by learner and course together (the wizard checks thousands of pairs at once).
 */
export class EnrolmentAdminTools extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('enrollments', (t) => {
      t.string('manual_pass_reason', 255).nullable();
      t.integer('manual_pass_by_id').nullable();
      t.string('manual_pass_by', 191).nullable();
      t.datetime('manual_pass_at').nullable();
      t.index(['user_id', 'course_id'], 'enrollments_user_course_index');
    });
  }
}
