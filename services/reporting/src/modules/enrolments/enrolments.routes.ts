import { reportingEnrolmentIds, reportingEnrolments } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readReportingEnrolmentIds, readReportingEnrolments } from './reporting-enrolments';

/** /reporting's data: the acting company (principal.companyId) and its depots only. */
export function reportingEnrolmentRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(reportingEnrolments, async ({ c, em, principal, query }) =>
      readReportingEnrolments(em, { actingCompanyId: principal.companyId, query, url: c.req.url, now: deps.now() }),
    )
    .handle(reportingEnrolmentIds, async ({ em, principal, query }) =>
      readReportingEnrolmentIds(em, { actingCompanyId: principal.companyId, query }),
    ).app;
}
