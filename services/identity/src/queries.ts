import type { Em } from '@portal/service-kit';
import { User } from './modules/users/user.entity';
import { Company } from './modules/companies/company.entity';

/** Identity's in-process read API for the other services. */
export async function findUserNames(em: Em, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const users = await em.find(User, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'name'] });
  return new Map(users.map((u) => [u.id, u.name]));
}

export async function findUser(em: Em, id: number) {
  return em.findOne(User, { id });
}

export async function findCompany(em: Em, id: number) {
  return em.findOne(Company, { id });
}
