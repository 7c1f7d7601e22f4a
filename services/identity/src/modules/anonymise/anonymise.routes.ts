import { LEARNER_ADMIN_MESSAGES, userAnonymise } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { anonymiseLearner } from './anonymise-learner';

export function anonymiseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(userAnonymise, async ({ em, principal, params }) => {
    const data = await anonymiseLearner(em, deps, principal, params.id);
    return { success: true as const, message: LEARNER_ADMIN_MESSAGES.anonymised, data };
  }).app;
}
