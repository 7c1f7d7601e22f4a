import type { AdminCompaniesQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em } from '@portal/service-kit';
import { Company, type ICompany } from './company.entity';
import { companiesSort, companyOptionRows, countRowsBy, topCompanyIdsQuery } from './company.statements';

/** Every query about companies and depots (a depot is a company with a parent_id). */

export function findCompany(em: Em, id: number): Promise<ICompany | null> {
  return em.findOne(Company, { id });
}

export function findDepot(em: Em, companyId: number, depotId: number): Promise<ICompany | null> {
  return em.findOne(Company, { id: depotId, parentId: companyId });
}

export async function companyExists(em: Em, id: number): Promise<boolean> {
  return (await em.count(Company, { id })) > 0;
}

export function depotsOf(em: Em, companyId: number): Promise<ICompany[]> {
  return em.find(Company, { parentId: companyId }, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function hasDepots(em: Em, companyId: number): Promise<boolean> {
  return (await em.count(Company, { parentId: companyId })) > 0;
}

export async function companyNames(em: Em, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const companies = await em.find(Company, { id: { $in: [...new Set(ids)] } }, { fields: ['id', 'name'] });
  return new Map(companies.map((c) => [c.id, c.name]));
}

/** The Companies tab: top-level companies, searched by name, email and manager, a page at a time. */
export async function listCompanies(em: Em, query: AdminCompaniesQuery, url: string): Promise<Page<ICompany>> {
  const page = await listPage<{ id: number }, AdminCompaniesQuery['sort']>(topCompanyIdsQuery(em), query, {
    search: ['name', 'email', 'manager_name', 'manager_email'],
    sort: companiesSort(em),
    id: 'id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    return inIdOrder(ids, ids.length ? await em.find(Company, { id: { $in: ids } }) : []);
  });
}

/** A company picker's matches: one company by id, or at most 10 companies or depots by name. */
export async function companyOptions(em: Em, input: { id?: number | undefined; search: string | null }): Promise<{ id: number; name: string; parentId: number | null }[]> {
  const rows = await companyOptionRows(em, input);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, parentId: r.parent_id == null ? null : Number(r.parent_id) }));
}

/** Per company id: how many depots it has, and how many learners and managers (admins never count). */
export async function depotAndUserCounts(em: Em, ids: number[]): Promise<{ depots: Map<number, number>; users: Map<number, number> }> {
  return { depots: await countsBy(em, 'companies', 'parent_id', ids), users: await countsBy(em, 'users', 'company_id', ids) };
}

async function countsBy(em: Em, table: 'companies' | 'users', column: 'parent_id' | 'company_id', ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await countRowsBy(em, table, column, ids);
  return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
}

export async function deleteCompanies(em: Em, ids: number[]): Promise<void> {
  if (ids.length) await em.nativeDelete(Company, { id: { $in: ids } });
}
