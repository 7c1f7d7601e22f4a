import { enrolmentAnswers } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readEnrolmentAnswers } from './enrolment-answers';

/** What a learner answered, for the /reporting row's "View answers" and the admin's learner screen. */
export function answerRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(enrolmentAnswers, async ({ em, principal, params }) => ({
    data: await readEnrolmentAnswers(em, principal, params.id),
  })).app;
}
