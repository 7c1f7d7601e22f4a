import { companyEnrol, companyEnrolQuote, ENROLLING_MESSAGES, wizardEnrol } from '@portal/contracts';
import { createServiceRouter, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { enrol, enrolmentSummary, type MadeEnrolment } from './enrol';
import { quoteEnrolment } from './enrol-quote';
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

/** Re-enrol (a body naming the enrolment it renews) acts only where assertReEnrolable allows. */
async function assertReEnrolableIfNamed(
  em: Em,
  deps: ServiceDeps,
  companyId: number,
  body: { courses: number[]; users: number[]; enrollment_id?: number | undefined },
) {
  if (body.enrollment_id === undefined) return;
  await assertReEnrolable(em, deps, {
    companyId,
    enrollmentId: body.enrollment_id,
    courseIds: body.courses,
    userIds: body.users,
    now: deps.now(),
  });
}

/** The wizard's finalise and the older Enroll page (which also renews passed enrolments). */
export function enrollingRoutes(deps: ServiceDeps) {
  return (
    createServiceRouter(deps)
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
      // The confirmation's figures: the same checks as the enrol below, nothing written.
      .handle(companyEnrolQuote, async ({ em, params, body }) => {
        await assertReEnrolableIfNamed(em, deps, params.companyId, body);
        return {
          data: await quoteEnrolment(em, deps, {
            companyId: params.companyId,
            courseIds: body.courses,
            userIds: body.users,
            now: deps.now(),
          }),
        };
      })
      .handle(companyEnrol, async ({ em, principal, params, body }) => {
        await assertReEnrolableIfNamed(em, deps, params.companyId, body);
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
          data: outcome.made.map((m) => ({
            ...enrolledRow(m),
            name: m.learnerName,
            courseName: m.courseName,
            re_enrolment: m.reEnrolment,
          })),
          enrollment_summary: enrolmentSummary(outcome),
          credit_balance: outcome.creditBalance,
        };
      }).app
  );
}
