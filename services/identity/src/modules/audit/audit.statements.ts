import type { Em, Knex } from '@portal/service-kit';

// The audit log's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of the audit log's rows: the list's base query, narrowed by the caller. */
export function auditIdsQuery(em: Em): Knex.QueryBuilder {
  return em.getKnex()('audit_log as a').select('a.id');
}
