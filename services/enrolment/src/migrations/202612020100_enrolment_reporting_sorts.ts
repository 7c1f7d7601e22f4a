import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * /reporting at scale (issue 10, measured by bench/reporting.ts on 1,000,000 enrolments): the
 * status sort reads each company's rows in `(status, id)` order and stops at the page, like the
 * date sorts do with the indexes of 202612010100 (whose status index continues with created_at,
 * which serves the status filter with the default sort, not the status sort).
 */
export class EnrolmentReportingSorts extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('enrollments', (t) => {
      t.index(['company_id', 'status', 'id'], 'enrollments_company_status_idx');
    });
  }
}
