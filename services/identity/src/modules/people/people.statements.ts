import { whereContains, type Em, type Knex } from '@portal/service-kit';

// The People list's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The learners of these companies (the company and its depots), with their company joined for its name. */
export function peopleIdsQuery(em: Em, companyIds: number[]): Knex.QueryBuilder {
  return em
    .getKnex()('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .whereIn('u.company_id', companyIds)
    .where('u.role', 'learner')
    .select('u.id');
}

/** The People list's sort keys: names, emails and depots as people read them (any case). */
export function peopleSort(em: Em) {
  const knex = em.getKnex();
  return {
    name: knex.raw('lower(u.name)'),
    email: knex.raw('lower(u.email)'),
    depot: knex.raw('lower(c.name)'),
    created_at: 'u.created_at',
  };
}

/** Everyone of these companies whose searched columns contain the text, by name (any case), at most `limit`. */
export async function peopleIdsContaining(
  em: Em,
  companyIds: number[],
  search: { columns: readonly string[]; text: string | null },
  limit: number,
) {
  return (await whereContains(peopleIdsQuery(em, companyIds), search.columns, search.text)
    .orderByRaw('lower(u.name) asc')
    .orderBy('u.id', 'asc')
    .limit(limit)) as { id: number }[];
}
