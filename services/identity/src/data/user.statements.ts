import { LEARNERS_TAB_ROLES, type Role } from '@portal/contracts';
import { preparedRead, readRows, whereContains, type Em, type Knex } from '@portal/service-kit';

// The users' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

// Built once per number of ids (kit preparedRead): the learner dashboard asks on every visit.
export const usersWithIds = preparedRead<
  { id: number; name: string; email: string | null; company_id: number; role: Role; wp_user: unknown; anonymised_at: unknown },
  [ids: number[]]
>((knex, ids) => knex('users').select('id', 'name', 'email', 'company_id', 'role', 'wp_user', 'anonymised_at').whereIn('id', ids));

/** Name, email and login code of these users, as plain rows. */
export function userLabelRows(em: Em, ids: number[]) {
  return readRows<{ id: number; name: string; email: string | null; login_code: string | null }>(
    em,
    em.getKnex()('users').select('id', 'name', 'email', 'login_code').whereIn('id', ids),
  );
}

/** The Learners tab's ids (every learner and manager, with their company joined for its name): the list's base query. */
export function learnersTabIdsQuery(em: Em): Knex.QueryBuilder {
  return em
    .getKnex()('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .whereIn('u.role', [...LEARNERS_TAB_ROLES])
    .select('u.id');
}

/** The Learners tab's sort keys: names, emails and companies as people read them (any case). */
export function learnersTabSort(em: Em) {
  const knex = em.getKnex();
  return {
    id: 'u.id',
    name: knex.raw('lower(u.name)'),
    email: knex.raw('lower(u.email)'),
    role: 'u.role',
    company: knex.raw('lower(c.name)'),
    created_at: 'u.created_at',
  };
}

/** The ids of the learners of these companies: the employees' base query. */
export function learnerIdsQuery(em: Em, companyIds: number[]): Knex.QueryBuilder {
  return em.getKnex()('users as u').whereIn('u.company_id', companyIds).where('u.role', 'learner').select('u.id');
}

/** The learners of these companies whose columns contain the text, by name (any case), at most `limit`. */
export async function learnerIdsContaining(em: Em, companyIds: number[], search: { columns: readonly string[]; text: string }, limit: number) {
  return (await whereContains(learnerIdsQuery(em, companyIds), search.columns, search.text)
    .orderByRaw('lower(u.name) asc')
    .orderBy('u.id', 'asc')
    .limit(limit)) as { id: number }[];
}

/** The learners of these companies with this name (any case, outer spaces ignored), newest first, at most `limit`. */
export async function learnerIdsNamed(em: Em, companyIds: number[], name: string, limit: number) {
  return (await learnerIdsQuery(em, companyIds)
    .whereRaw('lower(trim(u.name)) = ?', [name.trim().toLowerCase()])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)) as { id: number }[];
}

/** Of these ids, the learners of these companies, by name (any case). */
export async function learnerIdsAmong(em: Em, companyIds: number[], ids: number[]) {
  return (await learnerIdsQuery(em, companyIds).whereIn('u.id', ids).orderByRaw('lower(u.name) asc').orderBy('u.id', 'asc')) as { id: number }[];
}
