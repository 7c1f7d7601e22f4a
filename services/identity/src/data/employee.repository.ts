import { MIN_SEARCH_LENGTH, RECENT_LEARNERS_PAGE_SIZE } from '@portal/contracts';
import { inIdOrder, listPage, type Em } from '@portal/service-kit';
import { User, type IUser } from './user.entity';
import { depotsOf } from './company.repository';
import { learnerIdsAmong, learnerIdsContaining, learnerIdsNamed, learnerIdsQuery } from './user.statements';

/** At most this many employees answer a picker's search. */
export const EMPLOYEE_SEARCH_LIMIT = 20;

/** The company and its depots (a depot has none): whose learners are the company's employees. */
export async function companyAndDepotIds(em: Em, companyId: number): Promise<number[]> {
  return [companyId, ...(await depotsOf(em, companyId)).map((d) => d.id)];
}

async function usersInOrder(em: Em, rows: { id: number | string }[]): Promise<IUser[]> {
  const ids = rows.map((r) => Number(r.id));
  return inIdOrder(ids, ids.length ? await em.find(User, { id: { $in: ids } }) : []);
}

/** The wizard's recent learners: newest first, 10 a page (through the one list mechanism). */
export async function recentLearners(em: Em, companyIds: number[], page: number, url: string) {
  const result = await listPage<{ id: number }, 'created_at'>(
    learnerIdsQuery(em, companyIds),
    { search: null, sort: 'created_at', dir: 'desc', page, perPage: RECENT_LEARNERS_PAGE_SIZE },
    { search: [], sort: { created_at: 'u.created_at' }, id: 'u.id', url },
  );
  return { users: await usersInOrder(em, result.data), currentPage: result.current_page, lastPage: result.last_page, total: result.total };
}

/**
 * The pickers' search: learners whose columns contain the text (LIKE with its wildcards escaped),
 * by name, at most 20. Under 2 characters is no search yet: nobody.
 */
export async function searchLearners(em: Em, companyIds: number[], columns: readonly string[], text: string): Promise<IUser[]> {
  const term = text.trim();
  if (term.length < MIN_SEARCH_LENGTH) return [];
  const rows = await learnerIdsContaining(em, companyIds, { columns, text: term }, EMPLOYEE_SEARCH_LIMIT);
  return usersInOrder(em, rows);
}

/** Learners of these companies with this name (any case, outer spaces ignored), newest first, at most 20. */
export async function learnersNamed(em: Em, companyIds: number[], name: string): Promise<IUser[]> {
  const rows = await learnerIdsNamed(em, companyIds, name, EMPLOYEE_SEARCH_LIMIT);
  return usersInOrder(em, rows);
}

/** Of these ids, the learners of these companies (another company's ids are simply left out), by name. */
export async function learnersByIds(em: Em, companyIds: number[], ids: number[]): Promise<IUser[]> {
  if (ids.length === 0) return [];
  const rows = await learnerIdsAmong(em, companyIds, ids);
  return usersInOrder(em, rows);
}
