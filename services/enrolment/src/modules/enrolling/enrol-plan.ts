import {
  canActForCompany,
  notFound,
  validationError,
  type CourseSummary,
  type Em,
  type Principal,
  type ServiceDeps,
  type UserSummary,
} from '@portal/service-kit';
import { shareOfCharge } from '../credits/charge-credits';
import { creditBalancesOf } from '../credits/credit.repository';
import { enrolmentsOfPairs, isOpenEnrolment, type EnrolmentState } from '../enrolments/enrolment.repository';

export const NOT_AN_EMPLOYEE = 'One or more of the chosen learners is not an employee of this company.';
export const NO_SUCH_COURSE = 'That course does not exist.';
export const ANOTHER_COMPANYS_COURSE = 'That course belongs to another company.';

export type PlanDeps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs'>;

/**
 * The courses as this company sees them (its validity settings), refused with a 422 when one does
 * not exist or is specific to a company other than this one or its parent (a depot may use its
 * parent's own courses).
 */
export async function usableCourses(
  deps: PlanDeps,
  companyId: number,
  courseIds: number[],
  field = 'courses',
): Promise<{ courses: CourseSummary[]; parentId: number | null }> {
  const company = await deps.identity.companyById(companyId);
  if (!company) throw notFound('That company');
  const ids = [...new Set(courseIds)];
  const courses = await deps.catalogue.coursesByIds(ids, { companyId });
  if (courses.length !== ids.length) throw validationError({ [field]: [NO_SUCH_COURSE] });
  if (courses.some((c) => c.companyId != null && c.companyId !== companyId && c.companyId !== company.parentId)) {
    throw validationError({ [field]: [ANOTHER_COMPANYS_COURSE] });
  }
  const byId = new Map(courses.map((c) => [c.id, c]));
  // Every id has its course: the count was checked above.
  return { courses: ids.flatMap((id) => byId.get(id) ?? []), parentId: company.parentId };
}

/**
 * The parent of each company that will own enrolments (null for a top-level one). An enrolment
 * belongs to its learner's company (issue 32 item 2): a depot's learner is enrolled in the depot,
 * whichever company the wizard's new employees join. Asked before any transaction opens.
 */
export async function parentsOf(deps: PlanDeps, companyIds: number[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(companyIds)];
  return new Map(await Promise.all(ids.map(async (id) => [id, (await deps.identity.companyParentId(id)) ?? null] as const)));
}

/**
 * The chosen existing users, refused (422) unless each is a learner of the company's family (the
 * top company and its depots, as "Learners belong to" offers them) whom the caller may act for: a
 * depot's manager reaches only the depot's learners.
 */
export async function chosenEmployees(
  deps: PlanDeps,
  input: { companyId: number; parentId: number | null; userIds: number[]; principal?: Principal; field: string },
): Promise<{ users: UserSummary[]; parents: Map<number, number | null> }> {
  const userIds = [...new Set(input.userIds)];
  const users = userIds.length ? await deps.identity.usersByIds(userIds) : [];
  const parents = await parentsOf(deps, [input.companyId, ...users.map((u) => u.companyId)]);
  const top = input.parentId ?? input.companyId;
  const inFamily = (u: UserSummary) => u.companyId === top || parents.get(u.companyId) === top;
  const reachable = await Promise.all(
    users.map(async (u) => !input.principal || (await canActForCompany(deps.identity, input.principal, u.companyId))),
  );
  if (users.length !== userIds.length || users.some((u, i) => !inFamily(u) || !reachable[i])) {
    throw validationError({ [input.field]: [NOT_AN_EMPLOYEE] });
  }
  return { users, parents };
}

export type PairPlan = { kind: 'new' | 're-enrolment' } | { kind: 'skip' };

/** Whether one of a learner's enrolments on a course keeps them from another one on it now. */
export type PairRule = (existing: EnrolmentState, now: Date) => boolean;

/** The wizard: an open enrolment (not passed, or passed and still valid) counts as already enrolled. */
export const openEnrolmentBlocks: PairRule = (e, now) => isOpenEnrolment(e, now);
/** The older page and the admin: a passed enrolment (valid or expired) is renewed; an unfinished one blocks. */
export const unfinishedEnrolmentBlocks: PairRule = (e) => e.status !== 'passed';
/** The admin's force: nothing blocks. */
export const nothingBlocks: PairRule = () => false;

/** What to do with one learner × course, given their enrolments on that course and the caller's rule. */
export function planPair(existing: EnrolmentState[], blocks: PairRule, now: Date): PairPlan {
  const passedBefore = existing.some((e) => e.status === 'passed');
  if (existing.some((e) => blocks(e, now))) return { kind: 'skip' };
  return { kind: passedBefore ? 're-enrolment' : 'new' };
}

/** One paying account of a quote: its balance, what this enrolment takes from it, what is left. */
export interface QuotedAccount {
  companyId: number;
  balanceBefore: number;
  credits: number;
  balanceAfter: number;
}

/** The learners of one company on this enrolment and who pays for them. */
export interface QuotedGroup {
  companyId: number;
  parentId: number | null;
  enrolments: number;
  credits: number;
  paidBy: { companyId: number; credits: number }[];
}

export interface EnrolQuote {
  groups: QuotedGroup[];
  accounts: QuotedAccount[];
  credits: number;
  enrolments: number;
  /** The existing learners' pairs that would be charged (new employees' are counted, not listed). */
  charged: { userId: number; courseId: number; credits: number; reEnrolment: boolean }[];
  skipped: { userId: number; courseIds: number[] }[];
  isEnough: boolean;
}

/** Credits and enrolments each learner company would pay for. */
type CostByCompany = Map<number, { enrolments: number; credits: number }>;

/** The pairs of existing learners the rule lets through (charged) or not (skipped), and what each company would pay. */
async function pairsToCharge(
  em: Em,
  input: { courses: CourseSummary[]; users: UserSummary[]; newUsersCompanyId: number; newUsers: number; rule: PairRule; now: Date },
): Promise<{ costByCompany: CostByCompany; charged: EnrolQuote['charged']; skipped: EnrolQuote['skipped'] }> {
  const existing = await enrolmentsOfPairs(
    em,
    input.users.map((u) => u.id),
    input.courses.map((c) => c.id),
  );
  const costByCompany: CostByCompany = new Map();
  const add = (companyId: number, credits: number) => {
    const entry = costByCompany.get(companyId) ?? { enrolments: 0, credits: 0 };
    costByCompany.set(companyId, { enrolments: entry.enrolments + 1, credits: entry.credits + credits });
  };
  const skipped: EnrolQuote['skipped'] = [];
  const charged: EnrolQuote['charged'] = [];
  for (const user of input.users) {
    const skippedCourses: number[] = [];
    for (const course of input.courses) {
      const plan = planPair(
        existing.filter((e) => e.userId === user.id && e.courseId === course.id),
        input.rule,
        input.now,
      );
      if (plan.kind === 'skip') {
        skippedCourses.push(course.id);
        continue;
      }
      add(user.companyId, course.creditCost);
      charged.push({ userId: user.id, courseId: course.id, credits: course.creditCost, reEnrolment: plan.kind === 're-enrolment' });
    }
    if (skippedCourses.length) skipped.push({ userId: user.id, courseIds: skippedCourses });
  }
  for (let i = 0; i < input.newUsers; i++) for (const course of input.courses) add(input.newUsersCompanyId, course.creditCost);
  return { costByCompany, charged, skipped };
}

/**
 * What a finalise will charge, account by account, without writing anything: the pairs already
 * enrolled (by the caller's rule) are skipped, each learner company's enrolments are paid by it (its
 * own balance first, then its parent's, or all by the parent when the manager chose so), companies
 * in ascending id — the order and rule `chargeEnrolments` applies under the lock. Only a preview:
 * finalise checks again under the lock.
 */
export async function quoteCharges(
  em: Em,
  input: {
    courses: CourseSummary[];
    users: UserSummary[];
    newUsersCompanyId: number;
    newUsers: number;
    parents: Map<number, number | null>;
    payFromParent: boolean;
    rule: PairRule;
    now: Date;
  },
): Promise<EnrolQuote> {
  const { costByCompany, charged, skipped } = await pairsToCharge(em, input);
  const companies = [...costByCompany.keys()].sort((a, b) => a - b);
  const payers = [...new Set(companies.flatMap((id) => [id, input.parents.get(id) ?? id]))];
  const balances = await creditBalancesOf(em, payers);
  const before = new Map(payers.map((id) => [id, balances.get(id) ?? 0]));
  const left = new Map(before);
  let isEnough = true;
  const groups = companies.map((companyId): QuotedGroup => {
    const { enrolments, credits } = costByCompany.get(companyId) ?? { enrolments: 0, credits: 0 };
    const parentId = input.parents.get(companyId) ?? null;
    // Without a parent the company's own balance takes it all (below 0 when short, as step 3 shows).
    const share =
      parentId === null
        ? { own: credits, parent: 0 }
        : shareOfCharge(credits, left.get(companyId) ?? 0, { hasParent: true, payFromParent: input.payFromParent });
    left.set(companyId, (left.get(companyId) ?? 0) - share.own);
    if (parentId !== null) left.set(parentId, (left.get(parentId) ?? 0) - share.parent);
    if ((left.get(companyId) ?? 0) < 0 || (parentId !== null && (left.get(parentId) ?? 0) < 0)) isEnough = false;
    const paidBy = [{ companyId, credits: share.own }];
    if (parentId !== null) paidBy.push({ companyId: parentId, credits: share.parent });
    return { companyId, parentId, enrolments, credits, paidBy: paidBy.filter((p) => p.credits > 0) };
  });
  const accounts = payers
    .map((companyId) => {
      const balanceBefore = before.get(companyId) ?? 0;
      const balanceAfter = left.get(companyId) ?? 0;
      return { companyId, balanceBefore, credits: balanceBefore - balanceAfter, balanceAfter };
    })
    .filter((a) => a.credits > 0 || companies.includes(a.companyId));
  return {
    groups,
    accounts,
    credits: groups.reduce((sum, g) => sum + g.credits, 0),
    enrolments: groups.reduce((sum, g) => sum + g.enrolments, 0),
    charged,
    skipped,
    isEnough,
  };
}
