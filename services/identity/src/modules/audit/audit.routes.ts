import { auditList } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { listAudit } from './audit-list';

export function auditRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(auditList, async ({ c, em, principal, query }) => listAudit(em, principal, query, c.req.url)).app;
}
