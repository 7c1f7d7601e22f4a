import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * /reporting at scale (issue 10): a company's learners in name and email order, from the index
 * alone. Reporting reads them when a page is sorted by the learner's name or email (it walks a
 * company's learners in that order and stops once the page is full) and when it searches (the
 * name, email and login code are in the name index, so `LIKE` runs on the index, not on 20,000
 * rows fetched one by one). The id is spelled out so each index is ordered (column, id).
 */
export class IdentityReportingLearners extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('users', (t) => {
      t.index(['company_id', 'name', 'id', 'email', 'login_code'], 'users_company_name_idx');
      t.index(['company_id', 'email', 'id'], 'users_company_email_idx');
    });
  }
}
