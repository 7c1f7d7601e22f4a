import type { AdminCompany, Depot } from '@portal/contracts';
import { forbidden, notFound, type Em, type EnrolmentPort } from '@portal/service-kit';
import { Company, type ICompany } from './company.entity';
import { User } from '../users/user.entity';
import { Session } from '../sessions/session.entity';
import { deleteTokensOfUsers } from '../auth/user-tokens';
import { applySearch, inIdOrder, pageEnvelope, pageOfIds, type ListQuery } from '../shared/admin-list';
import { DEFAULT_COMPANY_ID } from '@portal/contracts';

const SORT_COLUMNS: Record<string, string> = { id: 'id', name: 'name', email: 'email', manager_name: 'manager_name', created_at: 'created_at' };

export function requireEnrolment(enrolment: EnrolmentPort | undefined): EnrolmentPort {
  if (!enrolment) throw new Error('The enrolment port is not wired: identity cannot cascade or change credits without it.');
  return enrolment;
}

async function countsBy(em: Em, table: 'companies' | 'users', column: 'parent_id' | 'company_id', ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const query = em.getKnex()(table).whereIn(column, ids).groupBy(column).select({ key: column }).count({ n: '*' });
  if (table === 'users') query.whereNot('role', 'admin');
  const rows = (await query) as { key: number; n: number | string }[];
  return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
}

export async function toAdminCompanies(em: Em, enrolment: EnrolmentPort | undefined, companies: ICompany[]): Promise<AdminCompany[]> {
  const ids = companies.map((c) => c.id);
  const depots = await countsBy(em, 'companies', 'parent_id', ids);
  const users = await countsBy(em, 'users', 'company_id', ids);
  const result: AdminCompany[] = [];
  for (const c of companies) {
    result.push({
      id: c.id,
      name: c.name,
      email: c.email ?? null,
      manager_name: c.managerName ?? null,
      manager_email: c.managerEmail ?? null,
      parent_id: c.parentId ?? null,
      credit_balance: enrolment ? await enrolment.creditBalanceOf(em, c.id) : 0,
      depots_count: depots.get(c.id) ?? 0,
      users_count: users.get(c.id) ?? 0,
      created_at: c.createdAt.toISOString(),
    });
  }
  return result;
}

export async function toDepots(em: Em, enrolment: EnrolmentPort | undefined, depots: ICompany[]): Promise<Depot[]> {
  const result: Depot[] = [];
  for (const d of depots) {
    result.push({
      id: d.id,
      name: d.name,
      email: d.email ?? null,
      manager_name: d.managerName ?? null,
      manager_email: d.managerEmail ?? null,
      credit_balance: enrolment ? await enrolment.creditBalanceOf(em, d.id) : 0,
    });
  }
  return result;
}

/** The Companies tab: top-level companies. */
export async function listCompanies(em: Em, enrolment: EnrolmentPort | undefined, query: ListQuery) {
  const base = em.getKnex()('companies').whereNull('parent_id');
  applySearch(base, ['name', 'email', 'manager_name', 'manager_email'], query.search);
  const page = await pageOfIds(base, {
    idColumn: 'id',
    orderColumn: SORT_COLUMNS[query.sortBy ?? 'id'] ?? 'id',
    sortDir: query.sortDir ?? (query.sortBy ? 'asc' : 'desc'),
    page: query.page ?? 1,
  });
  const companies = page.ids.length ? await em.find(Company, { id: { $in: page.ids } }) : [];
  return pageEnvelope(await toAdminCompanies(em, enrolment, inIdOrder(page.ids, companies)), page, '/api/admin/companies', query);
}

export async function findCompanyOrFail(em: Em, id: number): Promise<ICompany> {
  const company = await em.findOne(Company, { id });
  if (!company) throw notFound('That company');
  return company;
}

export function depotsOf(em: Em, companyId: number) {
  return em.find(Company, { parentId: companyId }, { orderBy: { name: 'asc', id: 'asc' } });
}

/**
 * Deletes a company with its depots, their users and sessions, and — through enrolment's port,
 * never its tables — the enrolments of those users and companies (spec §8's cascade warning).
 */
export async function deleteCompanyTree(em: Em, enrolment: EnrolmentPort | undefined, companyId: number, actingUserId: number): Promise<void> {
  const port = requireEnrolment(enrolment);
  if (companyId === DEFAULT_COMPANY_ID) throw forbidden('The default company cannot be deleted.');
  const depots = await em.find(Company, { parentId: companyId }, { fields: ['id'] });
  const companyIds = [companyId, ...depots.map((d) => d.id)];
  const users = await em.find(User, { companyId: { $in: companyIds } }, { fields: ['id'] });
  const userIds = users.map((u) => u.id);
  if (userIds.includes(actingUserId)) throw forbidden('You cannot delete the company your own account belongs to.');
  await em.transactional(async (tx) => {
    await port.removeEnrollmentsOfUsers(tx, userIds);
    await port.removeEnrollmentsOfCompanies(tx, companyIds);
    if (userIds.length) {
      await tx.nativeDelete(Session, { userId: { $in: userIds } });
      await deleteTokensOfUsers(tx, userIds);
      await tx.nativeDelete(User, { id: { $in: userIds } });
    }
    // Admins mimicking a deleted company stop mimicking it.
    await tx.nativeUpdate(Session, { mimicCompanyId: { $in: companyIds } }, { mimicCompanyId: null });
    await tx.nativeDelete(Company, { id: { $in: companyIds } });
  });
}
