import {
  adminCompanies,
  COMPANY_MESSAGES,
  companyCreate,
  companyDelete,
  companyGet,
  companyOptions,
  companyUpdate,
  depotDelete,
  depotUpdate,
} from '@portal/contracts';
import { auditActorOf, createServiceRouter, mapPage, single, type Em, type ServiceDeps } from '@portal/service-kit';
import type { ICompany } from '../../data/company.entity';
import { companyOptions as findCompanyOptions, depotsOf, listCompanies } from '../../data/company.repository';
import { toAdminCompanies, toDepots } from './company-views';
import {
  createCompanyAndUser,
  deleteCompanyTree,
  findCompanyOrFail,
  findDepotOrFail,
  updateCompany,
  updateDepot,
} from './manage-companies';

export function companyRoutes(deps: ServiceDeps) {
  const one = async (em: Em, company: ICompany) => single(await toAdminCompanies(em, deps.enrolment, [company]), 'company view');

  return createServiceRouter(deps)
    .handle(adminCompanies, async ({ c, em, query }) =>
      mapPage(await listCompanies(em, query, c.req.url), (companies) => toAdminCompanies(em, deps.enrolment, companies)),
    )
    .handle(companyOptions, async ({ em, query }) => {
      const options = await findCompanyOptions(em, query);
      return { data: options.map((o) => ({ id: o.id, name: o.name, parent_id: o.parentId })) };
    })
    .handle(companyGet, async ({ em, params }) => {
      const company = await findCompanyOrFail(em, params.companyId);
      return { data: await one(em, company), depots: await toDepots(deps.enrolment, await depotsOf(em, company.id)) };
    })
    .handle(companyCreate, async ({ em, principal, body }) => {
      const { company, password } = await createCompanyAndUser(em, deps.enrolment, principal, body);
      return { success: true as const, message: COMPANY_MESSAGES.created, password, data: await one(em, company) };
    })
    .handle(companyUpdate, async ({ em, principal, params, body }) => {
      const company = await updateCompany(em, deps.enrolment, principal, params.companyId, body);
      return { success: true as const, message: COMPANY_MESSAGES.updated, data: await one(em, company) };
    })
    .handle(companyDelete, async ({ em, principal, params }) => {
      const company = await findCompanyOrFail(em, params.companyId);
      await deleteCompanyTree(em, deps.enrolment, params.companyId, principal.userId);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'company.deleted',
        companyId: company.parentId ?? null,
        subject: { type: 'company', id: company.id },
        details: { name: company.name },
      });
      return { success: true as const, message: COMPANY_MESSAGES.deleted };
    })
    .handle(depotUpdate, async ({ em, principal, params, body }) => {
      const depot = await updateDepot(em, deps.enrolment, { principal, companyId: params.companyId, depotId: params.depotId, input: body });
      return {
        success: true as const,
        message: COMPANY_MESSAGES.depotUpdated,
        data: single(await toDepots(deps.enrolment, [depot]), 'depot view'),
      };
    })
    .handle(depotDelete, async ({ em, principal, params }) => {
      const depot = await findDepotOrFail(em, params.companyId, params.depotId);
      await deleteCompanyTree(em, deps.enrolment, params.depotId, principal.userId);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'company.deleted',
        companyId: params.companyId,
        subject: { type: 'company', id: depot.id },
        details: { name: depot.name },
      });
      return { success: true as const, message: COMPANY_MESSAGES.depotDeleted };
    }).app;
}
