import { PEOPLE_EXPORT_MAX, type Page, type PeopleQuery } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, whereContains, type Em, type Knex } from '@portal/service-kit';
import { User, type IUser } from '../../data/user.entity';

/** What the People list searches: the learner's name, email and login code. */
const SEARCHED = ['u.name', 'u.email', 'u.login_code'] as const;

/** The learners of these companies (the company and its depots), with their company joined for its name. */
function learnersOf(em: Em, companyIds: number[]): Knex.QueryBuilder {
  return em
    .getKnex()('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .whereIn('u.company_id', companyIds)
    .where('u.role', 'learner')
    .select('u.id');
}

async function usersInOrder(em: Em, rows: { id: number | string }[]): Promise<IUser[]> {
  const ids = rows.map((r) => Number(r.id));
  return inIdOrder(ids, ids.length ? await em.find(User, { id: { $in: ids } }) : []);
}

/** One page of the People list (the one list mechanism): `companyIds` already narrowed by the depot filter. */
export async function listPeople(em: Em, companyIds: number[], query: PeopleQuery, url: string): Promise<Page<IUser>> {
  const knex = em.getKnex();
  const page = await listPage<{ id: number }, PeopleQuery['sort']>(learnersOf(em, companyIds), query, {
    search: SEARCHED,
    sort: {
      name: knex.raw('lower(u.name)'),
      email: knex.raw('lower(u.email)'),
      depot: knex.raw('lower(c.name)'),
      created_at: 'u.created_at',
    },
    id: 'u.id',
    url,
  });
  return mapPage(page, (rows) => usersInOrder(em, rows));
}

/** Everyone the list's search finds (for the export), by name, at most PEOPLE_EXPORT_MAX. */
export async function allPeople(em: Em, companyIds: number[], search: string | null): Promise<IUser[]> {
  const rows = (await whereContains(learnersOf(em, companyIds), SEARCHED, search)
    .orderByRaw('lower(u.name) asc')
    .orderBy('u.id', 'asc')
    .limit(PEOPLE_EXPORT_MAX)) as { id: number }[];
  return usersInOrder(em, rows);
}
