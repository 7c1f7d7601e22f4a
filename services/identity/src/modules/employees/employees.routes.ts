import { checkNewEmployee, companyUsers, companyUsersSearch, recentLearners } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { companyAndDepotIds, learnersByIds, recentLearners as findRecentLearners, searchLearners } from '../../data/employee.repository';
import { toEmployees } from './employee-views';
import { checkNewEmployeeAgainst } from './check-new-employee';

/**
 * The enrol wizard's employee pickers and its new-employee check: the company's (and its depots') learners. The kit lets a
 * manager reach only their company and its depots (tenant by path); learners are refused by role.
 */
export function employeeRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(recentLearners, async ({ c, em, params, query }) => {
      const companyIds = await companyAndDepotIds(em, params.companyId);
      const page = await findRecentLearners(em, companyIds, query.page, c.req.url);
      return {
        data: {
          data: await toEmployees(em, deps.enrolment, page.users, query.courses),
          current_page: page.currentPage,
          last_page: page.lastPage,
          total: page.total,
        },
      };
    })
    .handle(companyUsers, async ({ em, params, query }) => {
      const companyIds = await companyAndDepotIds(em, params.companyId);
      const users = query.ids.length
        ? await learnersByIds(em, companyIds, query.ids)
        : await searchLearners(em, companyIds, ['u.name', 'u.email'], query.s ?? '');
      return { data: await toEmployees(em, deps.enrolment, users, query.courses) };
    })
    .handle(companyUsersSearch, async ({ em, params, query }) => {
      const users = await searchLearners(
        em,
        await companyAndDepotIds(em, params.companyId),
        [query.field === 'email' ? 'u.email' : 'u.name'],
        query.term,
      );
      return { data: await toEmployees(em, deps.enrolment, users, query.courses) };
    })
    .handle(checkNewEmployee, async ({ em, principal, params, body }) => ({
      data: {
        existing: await checkNewEmployeeAgainst(em, deps, principal, {
          companyId: params.companyId,
          name: body.name,
          email: body.email ?? null,
        }),
      },
    })).app;
}
