import { learnerCertificates } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { listLearnerCertificates } from './learner-certificates';

/** The learner's own certificates (their account page); the rest of their data goes out through the port. */
export function learnerDataRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(learnerCertificates, async ({ c, em, principal, query }) =>
    listLearnerCertificates(deps.catalogue, em, { userId: principal.userId, query, url: c.req.url, now: deps.now() }),
  ).app;
}
