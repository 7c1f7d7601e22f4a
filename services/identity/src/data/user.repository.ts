import type { AdminUsersQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em } from '@portal/service-kit';
import { User, type IUser } from './user.entity';
import { learnersTabIdsQuery, learnersTabSort } from './user.statements';

/** Every query about users. */

export function findUser(em: Em, id: number): Promise<IUser | null> {
  return em.findOne(User, { id });
}

export function findUserByEmail(em: Em, email: string): Promise<IUser | null> {
  return em.findOne(User, { email });
}

export function findUserByLoginCode(em: Em, loginCode: string): Promise<IUser | null> {
  return em.findOne(User, { loginCode });
}

/** The company's managers (its administrators), by name. */
export function managersOf(em: Em, companyId: number): Promise<IUser[]> {
  return em.find(User, { companyId, role: 'manager' }, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function userIdsOfCompanies(em: Em, companyIds: number[]): Promise<number[]> {
  if (!companyIds.length) return [];
  const users = await em.find(User, { companyId: { $in: companyIds } }, { fields: ['id'] });
  return users.map((u) => u.id);
}

export async function isEmailTaken(em: Em, email: string, exceptUserId?: number): Promise<boolean> {
  return (await em.count(User, { email, ...(exceptUserId ? { id: { $ne: exceptUserId } } : {}) })) > 0;
}

export async function isLoginCodeTaken(em: Em, loginCode: string, exceptUserId?: number): Promise<boolean> {
  return (await em.count(User, { loginCode, ...(exceptUserId ? { id: { $ne: exceptUserId } } : {}) })) > 0;
}

export async function setPasswordHash(em: Em, userId: number, passwordHash: string, now: Date): Promise<void> {
  await em.nativeUpdate(User, { id: userId }, { passwordHash, updatedAt: now });
}

export async function deleteUsers(em: Em, ids: number[]): Promise<void> {
  if (ids.length) await em.nativeDelete(User, { id: { $in: ids } });
}

/** The Learners tab: every learner and manager (LEARNERS_TAB_ROLES, as its badge counts), searched by name, email, login code and company. */
export async function listUsers(em: Em, query: AdminUsersQuery, url: string): Promise<Page<IUser>> {
  const page = await listPage<{ id: number }, AdminUsersQuery['sort']>(learnersTabIdsQuery(em), query, {
    search: ['u.name', 'u.email', 'u.login_code', 'c.name'],
    sort: learnersTabSort(em),
    id: 'u.id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    return inIdOrder(ids, ids.length ? await em.find(User, { id: { $in: ids } }) : []);
  });
}
