import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * /reporting (issue 10): when each enrolment was last reminded (at most one reminder per 24 hours),
 * and the indexes that keep the page fast on a company of 100,000 enrolments. Every list query
 * starts with `company_id IN (the company and its depots)`, so each index leads with it and then
 * carries the filter or sort column, ending in `id` (the tiebreak of every sort): the database
 * walks the index in order and stops at the page instead of sorting the company's rows.
 */
export class EnrolmentReporting extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('enrollments', (t) => {
      t.datetime('last_reminded_at').nullable();
      t.index(['company_id', 'created_at', 'id'], 'enrollments_company_created_idx');
      t.index(['company_id', 'status', 'created_at', 'id'], 'enrollments_company_status_created_idx');
      t.index(['company_id', 'course_id', 'created_at', 'id'], 'enrollments_company_course_created_idx');
      t.index(['company_id', 'user_id', 'id'], 'enrollments_company_user_idx');
      t.index(['company_id', 'passed_at', 'id'], 'enrollments_company_passed_idx');
      t.index(['company_id', 'expires_at', 'id'], 'enrollments_company_expires_idx');
      t.index(['company_id', 'updated_at', 'id'], 'enrollments_company_updated_idx');
    });
  }
}
