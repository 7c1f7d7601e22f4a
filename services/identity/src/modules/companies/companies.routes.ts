import { MIN_SEARCH_LENGTH, COMPANY_DROPDOWN_MAX_MATCHES, adminCompanies, COMPANY_MESSAGES, companyCreate, companyDelete, companyGet, companyOptions, companyUpdate, depotDelete, depotUpdate } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { Company } from './company.entity';
import { deleteCompanyTree, depotsOf, findCompanyOrFail, listCompanies, toAdminCompanies, toDepots } from './company.repository';
import { createCompanyAndUser, findDepotOrFail, updateCompany, updateDepot } from './manage-companies';
import { applySearch } from '../shared/admin-list';

export function companyRoutes(deps: ServiceDeps) {
  const one = async (em: Parameters<typeof findCompanyOrFail>[0], company: Awaited<ReturnType<typeof findCompanyOrFail>>) =>
    (await toAdminCompanies(em, deps.enrolment, [company]))[0]!;

  return createServiceRouter(deps)
    .handle(adminCompanies, async ({ em, query }) => listCompanies(em, deps.enrolment, query))
    .handle(companyOptions, async ({ em, query }) => {
      const base = em.getKnex()('companies').select('id', 'name', 'parent_id').orderBy('name', 'asc').limit(COMPANY_DROPDOWN_MAX_MATCHES);
      if (query.id) base.where('id', query.id);
      else if ((query.search ?? '').trim().length >= MIN_SEARCH_LENGTH) applySearch(base, ['name'], query.search);
      const rows = (await base) as { id: number; name: string; parent_id: number | null }[];
      return { data: rows.map((r) => ({ id: Number(r.id), name: r.name, parent_id: r.parent_id == null ? null : Number(r.parent_id) })) };
    })
    .handle(companyGet, async ({ em, params }) => {
      const company = await findCompanyOrFail(em, params.companyId);
      return { data: await one(em, company), depots: await toDepots(em, deps.enrolment, await depotsOf(em, company.id)) };
    })
    .handle(companyCreate, async ({ em, body }) => {
      const { company, password } = await createCompanyAndUser(em, deps.enrolment, body);
      return { success: true as const, message: COMPANY_MESSAGES.created, password, data: await one(em, company) };
    })
    .handle(companyUpdate, async ({ em, params, body }) => {
      const company = await updateCompany(em, deps.enrolment, params.companyId, body);
      return { success: true as const, message: COMPANY_MESSAGES.updated, data: await one(em, company) };
    })
    .handle(companyDelete, async ({ em, principal, params }) => {
      await findCompanyOrFail(em, params.companyId);
      await deleteCompanyTree(em, deps.enrolment, params.companyId, principal.userId);
      return { success: true as const, message: COMPANY_MESSAGES.deleted };
    })
    .handle(depotUpdate, async ({ em, params, body }) => {
      const depot = await updateDepot(em, deps.enrolment, params.companyId, params.depotId, body);
      return { success: true as const, message: COMPANY_MESSAGES.depotUpdated, data: (await toDepots(em, deps.enrolment, [depot]))[0]! };
    })
    .handle(depotDelete, async ({ em, principal, params }) => {
      await findDepotOrFail(em, params.companyId, params.depotId);
      await deleteCompanyTree(em, deps.enrolment, params.depotId, principal.userId);
      return { success: true as const, message: COMPANY_MESSAGES.depotDeleted };
    }).app;
}
