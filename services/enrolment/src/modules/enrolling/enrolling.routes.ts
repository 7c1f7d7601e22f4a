import type { z } from 'zod';
import {
  companyEnrol,
  companyEnrolQuote,
  ENROLLING_MESSAGES,
  wizardEnrol,
  wizardEnrolQuote,
  type WizardQuote,
  type wizardEnrolBodySchema,
} from '@portal/contracts';
import { createServiceRouter, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import {
  enrolFromPage,
  enrolFromWizard,
  enrolmentSummary,
  quoteWizardEnrolment,
  type MadeEnrolment,
  type WizardEnrolRequest,
} from './enrol';
import type { EnrolQuote as PlannedQuote } from './enrol-plan';
import { companyQuote } from './enrol-quote';
import { assertReEnrolable, refuseUnmadeReEnrolment } from './re-enrol';

const actorOf = (principal: Principal) => ({ userId: principal.userId, name: principal.name });

const enrolledRow = (m: MadeEnrolment) => ({
  enrollment_id: m.enrolmentId,
  user_id: m.userId,
  learner_name: m.learnerName,
  email: m.email,
  course_id: m.courseId,
  course_name: m.courseName,
  login_code: m.loginCode,
  code: String(m.enrolmentId),
  credits: m.credits,
});

/** The wizard's body as its enrol entry reads it. */
function wizardRequest(deps: ServiceDeps, principal: Principal, body: z.output<typeof wizardEnrolBodySchema>): WizardEnrolRequest {
  return {
    companyId: body.companyID,
    courseIds: body.courses,
    userIds: body.users,
    newUsers: body.newUsers,
    payFromParent: body.pay_from_parent === true,
    principal,
    actor: actorOf(principal),
    now: deps.now(),
  };
}

/** A quote as step 3 shows it: every company named. */
export async function quoteView(deps: ServiceDeps, quote: PlannedQuote): Promise<WizardQuote> {
  const ids = [
    ...new Set([
      ...quote.accounts.map((a) => a.companyId),
      ...quote.groups.flatMap((g) => [g.companyId, ...(g.parentId === null ? [] : [g.parentId]), ...g.paidBy.map((p) => p.companyId)]),
    ]),
  ];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await deps.identity.companyById(id))?.name ?? ''] as const)));
  const named = (companyId: number) => ({ company_id: companyId, company_name: names.get(companyId) ?? '' });
  return {
    enrolments: quote.enrolments,
    credits: quote.credits,
    is_enough: quote.isEnough,
    accounts: quote.accounts.map((a) => ({
      ...named(a.companyId),
      balance_before: a.balanceBefore,
      credits: a.credits,
      balance_after: a.balanceAfter,
    })),
    groups: quote.groups.map((g) => ({
      ...named(g.companyId),
      parent: g.parentId === null ? null : named(g.parentId),
      enrolments: g.enrolments,
      credits: g.credits,
      paid_by: g.paidBy.map((p) => ({ ...named(p.companyId), credits: p.credits })),
    })),
    skipped: quote.skipped.map((s) => ({ user_id: s.userId, course_ids: s.courseIds })),
  };
}

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
    enrolmentId: body.enrollment_id,
    courseIds: body.courses,
    userIds: body.users,
    now: deps.now(),
  });
}

/** The wizard's quote and finalise, and the older Enroll page's (which also renews passed enrolments). */
export function enrollingRoutes(deps: ServiceDeps) {
  return (
    createServiceRouter(deps)
      .handle(wizardEnrolQuote, async ({ em, principal, body }) => {
        const { quote } = await quoteWizardEnrolment(em, deps, wizardRequest(deps, principal, body));
        return { data: await quoteView(deps, quote) };
      })
      .handle(wizardEnrol, async ({ em, principal, body }) => {
        const outcome = await enrolFromWizard(em, deps, wizardRequest(deps, principal, body));
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
      .handle(companyEnrolQuote, async ({ em, principal, params, body }) => {
        await assertReEnrolableIfNamed(em, deps, params.companyId, body);
        return {
          data: await companyQuote(em, deps, { companyId: params.companyId, courseIds: body.courses, userIds: body.users, principal }),
        };
      })
      .handle(companyEnrol, async ({ em, principal, params, body }) => {
        await assertReEnrolableIfNamed(em, deps, params.companyId, body);
        const outcome = await enrolFromPage(em, deps, {
          companyId: params.companyId,
          courseIds: body.courses,
          userIds: body.users,
          principal,
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
