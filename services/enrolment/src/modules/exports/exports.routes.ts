import { exportBulk, exportLoginCodes } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { exportBulk as bulkReport } from './bulk-report';
import { exportLoginCodes as loginCodeSheet } from './login-codes';

/** The /reporting exports: streamed .xlsx files of the acting company's enrolments. */
export function exportRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(exportBulk, async ({ em, principal, body }) => bulkReport(em, deps, principal, body.ids, deps.now()))
    .handle(exportLoginCodes, async ({ em, principal, body }) => loginCodeSheet(em, deps, principal, body.ids, deps.now())).app;
}
