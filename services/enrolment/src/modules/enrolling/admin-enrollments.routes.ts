import { adminDeleteEnrollment, ENROLLING_MESSAGES, manualPass, userEnrollments } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { deleteUserEnrollment, manualPass as passByHand, userEnrollmentList } from './admin-enrollments';

/** The admin's enrolment tools on the edit-learner screen. */
export function adminEnrollmentRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(userEnrollments, async ({ em, params }) => ({ data: await userEnrollmentList(em, deps, params.id) }))
    .handle(manualPass, async ({ em, params, body, principal }) => ({
      success: true as const,
      message: ENROLLING_MESSAGES.markedPassed,
      data: await passByHand(em, deps, { enrollmentId: params.enrollmentId, reason: body.reason, by: principal, now: deps.now() }),
    }))
    .handle(adminDeleteEnrollment, async ({ em, params, principal }) => ({
      success: true as const,
      message: ENROLLING_MESSAGES.deleted,
      ...(await deleteUserEnrollment(em, { userId: params.id, enrollmentId: params.enrollmentId, actor: principal, audit: deps.audit })),
    })).app;
}
