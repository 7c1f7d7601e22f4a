import { PEOPLE_EXPORT_MAX, type Page, type PeopleQuery } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em } from '@portal/service-kit';
import { User, type IUser } from '../../data/user.entity';
import { peopleIdsContaining, peopleIdsQuery, peopleSort } from './people.statements';

/** What the People list searches: the learner's name, email and login code. */
const SEARCHED = ['u.name', 'u.email', 'u.login_code'] as const;

async function usersInOrder(em: Em, rows: { id: number | string }[]): Promise<IUser[]> {
  const ids = rows.map((r) => Number(r.id));
  return inIdOrder(ids, ids.length ? await em.find(User, { id: { $in: ids } }) : []);
}

/** One page of the People list (the one list mechanism): `companyIds` already narrowed by the depot filter. */
export async function listPeople(em: Em, companyIds: number[], query: PeopleQuery, url: string): Promise<Page<IUser>> {
  const page = await listPage<{ id: number }, PeopleQuery['sort']>(peopleIdsQuery(em, companyIds), query, {
    search: SEARCHED,
    sort: peopleSort(em),
    id: 'u.id',
    url,
  });
  return mapPage(page, (rows) => usersInOrder(em, rows));
}

/** Everyone the list's search finds (for the export), by name, at most PEOPLE_EXPORT_MAX. */
export async function allPeople(em: Em, companyIds: number[], search: string | null): Promise<IUser[]> {
  const rows = await peopleIdsContaining(em, companyIds, { columns: SEARCHED, text: search }, PEOPLE_EXPORT_MAX);
  return usersInOrder(em, rows);
}
