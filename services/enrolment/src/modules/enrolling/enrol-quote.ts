import { ENROLLING_MESSAGES, type EnrolQuote } from '@portal/contracts';
import type { Em, Principal, ServiceDeps } from '@portal/service-kit';
import { creditSourcesOf } from '../credits/credit-sources';
import { quotePageEnrolment } from './enrol';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs' | 'now'>;

/**
 * What the older page's enrol and Re-enrol (renew) would make and charge, read without writing: the
 * page's own quote (`quotePageEnrolment`: the same course, employee and caller checks, the same
 * plan per learner × course as its enrol, each learner's company paying), told pair by pair for the
 * confirmation, with the company's own balance (`sources`) and every paying account before and after.
 */
export async function companyQuote(
  em: Em,
  deps: Deps,
  request: { companyId: number; courseIds: number[]; userIds: number[]; principal: Principal },
): Promise<EnrolQuote> {
  const {
    checked: { courses, users },
    quote,
  } = await quotePageEnrolment(em, deps, {
    ...request,
    actor: { userId: request.principal.userId, name: request.principal.name },
    now: deps.now(),
  });
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  const sources = await creditSourcesOf(em, deps.identity, request.companyId);
  const names = new Map(
    await Promise.all(quote.accounts.map(async (a) => [a.companyId, (await deps.identity.companyById(a.companyId))?.name ?? ''] as const)),
  );
  const accounts = quote.accounts.map((a) => ({
    company_id: a.companyId,
    company_name: names.get(a.companyId) ?? '',
    balance_before: a.balanceBefore,
    credits: a.credits,
    balance_after: a.balanceAfter,
  }));
  const afterOf = (companyId: number, now: number) => accounts.find((a) => a.company_id === companyId)?.balance_after ?? now;
  return {
    enrolments: quote.charged.map((p) => ({
      user_id: p.userId,
      learner_name: userName.get(p.userId) ?? '',
      course_id: p.courseId,
      course_name: courseName.get(p.courseId) ?? '',
      credits: p.credits,
      re_enrolment: p.reEnrolment,
    })),
    skipped: quote.skipped.flatMap((s) =>
      s.courseIds.map((courseId) => ({
        learner_name: userName.get(s.userId) ?? '',
        course_name: courseName.get(courseId) ?? '',
        reason: ENROLLING_MESSAGES.alreadyEnrolled,
      })),
    ),
    credits: quote.credits,
    sources,
    paid_from: accounts
      .filter((a) => a.credits > 0)
      .map((a) => ({ company_id: a.company_id, company_name: a.company_name, amount: a.credits })),
    balance_after: afterOf(sources.company_id, sources.balance),
    parent_balance_after: sources.parent ? afterOf(sources.parent.id, sources.parent.balance) : null,
    is_enough: quote.isEnough,
    accounts,
  };
}
