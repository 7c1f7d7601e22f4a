import { ENROLLING_MESSAGES, type EnrolQuote } from '@portal/contracts';
import { validationError, type Em, type ServiceDeps } from '@portal/service-kit';
import { creditSourcesOf } from '../credits/credit-sources';
import { enrolmentsOfPairs, type EnrolmentState } from '../enrolments/enrolment.repository';
import { employeesOf, NOT_AN_EMPLOYEE, planPair, usableCourses } from './enrol';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs'>;

export interface QuoteRequest {
  companyId: number;
  courseIds: number[];
  userIds: number[];
  now: Date;
}

/**
 * What enrol() would make and charge for the older page and Re-enrol (renew: true), read without
 * writing: the same course and employee checks, the same plan per learner × course, and who pays
 * (a depot's own balance first, then its parent's, as chargeEnrolments does).
 */
export async function quoteEnrolment(em: Em, deps: Deps, request: QuoteRequest): Promise<EnrolQuote> {
  const { courses } = await usableCourses(deps, request.companyId, request.courseIds);
  const userIds = [...new Set(request.userIds)];
  const users = await deps.identity.usersByIds(userIds);
  const employees = await employeesOf(deps, request.companyId, users);
  if (users.length !== userIds.length || employees.size !== userIds.length) throw validationError({ users: [NOT_AN_EMPLOYEE] });

  const existing = await enrolmentsOfPairs(
    em,
    userIds,
    courses.map((c) => c.id),
  );
  const byPair = new Map<string, EnrolmentState[]>();
  for (const e of existing) byPair.set(`${e.userId}:${e.courseId}`, [...(byPair.get(`${e.userId}:${e.courseId}`) ?? []), e]);

  const enrolments: EnrolQuote['enrolments'] = [];
  const skipped: EnrolQuote['skipped'] = [];
  for (const user of users) {
    for (const course of courses) {
      const plan = planPair(byPair.get(`${user.id}:${course.id}`) ?? [], { renew: true, now: request.now });
      if (plan.kind === 'skip') {
        skipped.push({ learner_name: user.name, course_name: course.name, reason: ENROLLING_MESSAGES.alreadyEnrolled });
        continue;
      }
      const credits = Math.max(0, course.creditCost);
      enrolments.push({
        user_id: user.id,
        learner_name: user.name,
        course_id: course.id,
        course_name: course.name,
        credits,
        re_enrolment: plan.kind === 're-enrolment',
      });
    }
  }
  const credits = enrolments.reduce((sum, e) => sum + e.credits, 0);
  const sources = await creditSourcesOf(em, deps.identity, request.companyId);
  return { enrolments, skipped, credits, sources, ...split(sources, credits) };
}

/** chargeEnrolments' policy on the balances read now: the company's own credits first, then its parent's. */
function split(sources: EnrolQuote['sources'], credits: number) {
  const fromOwn = Math.min(credits, Math.max(0, sources.balance));
  const fromParent = sources.parent ? Math.min(credits - fromOwn, Math.max(0, sources.parent.balance)) : 0;
  const paidFrom: EnrolQuote['paid_from'] = [{ company_id: sources.company_id, company_name: sources.company_name, amount: fromOwn }];
  if (sources.parent && fromParent > 0)
    paidFrom.push({ company_id: sources.parent.id, company_name: sources.parent.name, amount: fromParent });
  return {
    paid_from: paidFrom,
    balance_after: sources.balance - fromOwn,
    parent_balance_after: sources.parent ? sources.parent.balance - fromParent : null,
    is_enough: credits <= sources.available,
  };
}
