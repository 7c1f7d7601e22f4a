import { randomInt } from 'node:crypto';
import { USER_MESSAGES, type AdminUser } from '@portal/contracts';
import { validationError, type Em } from '@portal/service-kit';
import { User, type IUser } from './user.entity';
import { Company } from '../companies/company.entity';
import { applySearch, inIdOrder, pageEnvelope, pageOfIds, type ListQuery } from '../shared/admin-list';

const SORT_COLUMNS: Record<string, string> = {
  id: 'u.id',
  name: 'u.name',
  email: 'u.email',
  role: 'u.role',
  company: 'c.name',
  created_at: 'u.created_at',
};

export async function toAdminUsers(em: Em, users: IUser[]): Promise<AdminUser[]> {
  const companyIds = [...new Set(users.map((u) => u.companyId))];
  const companies = companyIds.length ? await em.find(Company, { id: { $in: companyIds } }, { fields: ['id', 'name'] }) : [];
  const names = new Map(companies.map((c) => [c.id, c.name]));
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? null,
    role: u.role,
    login_code: u.loginCode ?? null,
    company_id: u.companyId,
    company_name: names.get(u.companyId) ?? '',
    created_at: u.createdAt.toISOString(),
  }));
}

export async function toAdminUser(em: Em, user: IUser): Promise<AdminUser> {
  return (await toAdminUsers(em, [user]))[0]!;
}

/** The Learners tab: every learner and manager (admins never appear in lists). */
export async function listUsers(em: Em, query: ListQuery) {
  const knex = em.getKnex();
  const base = knex('users as u').leftJoin('companies as c', 'c.id', 'u.company_id').whereNot('u.role', 'admin');
  applySearch(base, ['u.name', 'u.email', 'u.login_code', 'c.name'], query.search);
  const page = await pageOfIds(base, {
    idColumn: 'u.id',
    orderColumn: SORT_COLUMNS[query.sortBy ?? 'id'] ?? 'u.id',
    sortDir: query.sortDir ?? (query.sortBy ? 'asc' : 'desc'),
    page: query.page ?? 1,
  });
  const users = page.ids.length ? await em.find(User, { id: { $in: page.ids } }) : [];
  return pageEnvelope(await toAdminUsers(em, inIdOrder(page.ids, users)), page, '/api/admin/users', query);
}

/** Email and login code are unique; the errors land under their fields. */
export async function assertUniqueIdentity(em: Em, input: { email?: string | null; loginCode?: string | null }, exceptUserId?: number) {
  const errors: Record<string, string[]> = {};
  const notMe = exceptUserId ? { id: { $ne: exceptUserId } } : {};
  if (input.email && (await em.count(User, { email: input.email, ...notMe })) > 0) errors.email = [USER_MESSAGES.emailTaken];
  if (input.loginCode && (await em.count(User, { loginCode: input.loginCode, ...notMe })) > 0) errors.login_code = [USER_MESSAGES.loginCodeTaken];
  if (Object.keys(errors).length) throw validationError(errors);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh login code: 8 characters without look-alikes (0/O, 1/I), unique. */
export async function generateLoginCode(em: Em): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    if ((await em.count(User, { loginCode: code })) === 0) return code;
  }
}
