import { COMPANY_DROPDOWN_MAX_MATCHES } from '@portal/contracts';
import { whereContains, type Em, type Knex } from '@portal/service-kit';

// The companies' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of the top-level companies: the Companies tab's base query. */
export function topCompanyIdsQuery(em: Em): Knex.QueryBuilder {
  return em.getKnex()('companies').whereNull('parent_id').select('id');
}

/** The Companies tab's sort keys: names, emails and managers as people read them (any case). */
export function companiesSort(em: Em) {
  const knex = em.getKnex();
  return { id: 'id', name: knex.raw('lower(name)'), email: knex.raw('lower(email)'), manager_name: knex.raw('lower(manager_name)'), created_at: 'created_at' };
}

/** One company by id, or at most COMPANY_DROPDOWN_MAX_MATCHES companies or depots whose name contains the search, by name. */
export async function companyOptionRows(em: Em, input: { id?: number | undefined; search: string | null }) {
  const base = em.getKnex()('companies').select('id', 'name', 'parent_id').orderBy('name', 'asc').orderBy('id', 'asc').limit(COMPANY_DROPDOWN_MAX_MATCHES);
  if (input.id) base.where('id', input.id);
  else whereContains(base, ['name'], input.search);
  return (await base) as { id: number; name: string; parent_id: number | null }[];
}

/** How many rows of `table` each of these ids has in `column` (users: admins never count). */
export async function countRowsBy(em: Em, table: 'companies' | 'users', column: 'parent_id' | 'company_id', ids: number[]) {
  const query = em.getKnex()(table).whereIn(column, ids).groupBy(column).select({ key: column }).count({ n: '*' });
  if (table === 'users') query.whereNot('role', 'admin');
  return (await query) as { key: number; n: number | string }[];
}
