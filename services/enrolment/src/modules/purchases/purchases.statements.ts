import type { Em, Knex } from '@portal/service-kit';

// The purchases' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of a company's invoices, or of one learner's own: the list's base query. */
export function invoiceIdsQuery(em: Em, owner: { companyId: number } | { userId: number }): Knex.QueryBuilder {
  const base = em.getKnex()('invoices as i').select('i.id');
  if ('companyId' in owner) base.where('i.company_id', owner.companyId);
  else base.where('i.user_id', owner.userId);
  return base;
}
