import { companyEnrol, ENROLLING_MESSAGES, wizardEnrol } from '@portal/contracts';
import { createServiceRouter, validationError, type Principal, type ServiceDeps } from '@portal/service-kit';
import { enrol, enrolmentSummary, type MadeEnrolment } from './enrol';
import { assertReEnrolable, refuseUnmadeReEnrolment } from './re-enrol';

const actorOf = (principal: Principal) => ({ userId: principal.userId, name: principal.name });

const enrolledRow = (m: MadeEnrolment) => ({
  enrollment_id: m.enrollmentId,
  user_id: m.userId,
  learner_name: m.learnerName,
  email: m.email,
  course_id: m.courseId,
  course_name: m.courseName,
  login_code: m.loginCode,
  code: String(m.enrollmentId),
  credits: m.credits,
});

/** The wizard's finalise and the older Enroll page (which also renews passed enrolments). */
export function enrollingRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(wizardEnrol, async ({ em, principal, body }) => {
      const outcome = await enrol(em, deps, {
        companyId: body.companyID,
        courseIds: body.courses,
        userIds: body.users,
        newUsers: body.newUsers,
        actor: actorOf(principal),
        now: deps.now(),
      });
      // Everyone chosen is already enrolled: nothing was written; say so instead of a success.
      if (
        outcome.made.length === 0 &&
        outcome.failed.length > 0 &&
        outcome.failed.every((f) => f.reason === ENROLLING_MESSAGES.alreadyEnrolled)
      ) {
        throw validationError({ users: [ENROLLING_MESSAGES.nothingToEnrol] }, ENROLLING_MESSAGES.nothingToEnrol);
      }
      return {
        success: true as const,
        message: ENROLLING_MESSAGES.enrolled,
        data: outcome.made.map(enrolledRow),
        enrollment_summary: enrolmentSummary(outcome),
        credit_balance: outcome.creditBalance,
      };
    })
    .handle(companyEnrol, async ({ em, principal, params, body }) => {
      if (body.enrollment_id !== undefined) {
        await assertReEnrolable(em, deps, {
          companyId: params.companyId,
          enrollmentId: body.enrollment_id,
          courseIds: body.courses,
          userIds: body.users,
          now: deps.now(),
        });
      }
      const outcome = await enrol(em, deps, {
        companyId: params.companyId,
        courseIds: body.courses,
        userIds: body.users,
        renew: true,
        actor: actorOf(principal),
        now: deps.now(),
      });
      if (body.enrollment_id !== undefined && outcome.made.length === 0) refuseUnmadeReEnrolment(outcome.failed);
      return {
        success: true as const,
        message: ENROLLING_MESSAGES.enrolled,
        data: outcome.made.map((m) => ({ ...enrolledRow(m), name: m.learnerName, courseName: m.courseName, re_enrolment: m.reEnrolment })),
        enrollment_summary: enrolmentSummary(outcome),
        credit_balance: outcome.creditBalance,
      };
    }).app;
}
