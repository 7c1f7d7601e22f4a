import { adminDashboard, companyDashboard } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readCompanyDashboard } from './company-dashboard';
import { readAdminCounts } from './admin-dashboard';

export function dashboardRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(companyDashboard, async ({ em, params }) => readCompanyDashboard(em, params.companyId))
    .handle(adminDashboard, async ({ em }) => ({ counts: await readAdminCounts(em) })).app;
}
