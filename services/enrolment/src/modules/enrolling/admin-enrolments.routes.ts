import { adminDeleteEnrolment, ENROLLING_MESSAGES, manualPass, userEnrolments } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { deleteUserEnrolment, manualPass as passByHand, userEnrolmentList } from './admin-enrolments';

/** The admin's enrolment tools on the edit-learner screen. */
export function adminEnrolmentRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(userEnrolments, async ({ em, params }) => ({ data: await userEnrolmentList(em, deps, params.id) }))
    .handle(manualPass, async ({ em, params, body, principal }) => ({
      success: true as const,
      message: ENROLLING_MESSAGES.markedPassed,
      data: await passByHand(em, deps, { enrolmentId: params.enrollmentId, reason: body.reason, by: principal, now: deps.now() }),
    }))
    .handle(adminDeleteEnrolment, async ({ em, params, principal }) => ({
      success: true as const,
      message: ENROLLING_MESSAGES.deleted,
      ...(await deleteUserEnrolment(em, { userId: params.id, enrolmentId: params.enrollmentId, actor: principal, audit: deps.audit })),
    })).app;
}
