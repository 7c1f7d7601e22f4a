import { CREDIT_MESSAGES, ENROLLING_MESSAGES } from '@portal/contracts';
import {
  notFound,
  portTransaction,
  validationError,
  type CourseSummary,
  type CreditActor,
  type Em,
  type ServiceDeps,
  type UserSummary,
} from '@portal/service-kit';
import { newCertificateCode } from '../certificates/certificate';
import { addYears } from '../enrolments/validity';
import { issueCertificatesFor } from '../certificates/issue-certificate';
import { chargeEnrolments, type EnrolmentCharge } from '../credits/charge-credits';
import { creditBalanceOf, creditBalancesOf, lockCreditAccounts } from '../credits/credit.repository';
import {
  enrolmentsOfPairs,
  insertEnrolments,
  isOpenEnrolment,
  type EnrolmentState,
  type NewEnrolmentRow,
} from '../enrolments/enrolment.repository';

export const NOT_AN_EMPLOYEE = 'One or more of the chosen learners is not an employee of this company.';
export const NO_SUCH_COURSE = 'That course does not exist.';
export const ANOTHER_COMPANYS_COURSE = 'That course belongs to another company.';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs'>;

export interface EnrolRequest {
  /** The company (or depot) the learners belong to and whose credits pay. */
  companyId: number;
  courseIds: number[];
  /** Existing employees of the company or of its depots. */
  userIds: number[];
  /** New employees, created in `companyId` before anything is enrolled. */
  newUsers?: { name: string; email?: string | null }[];
  /**
   * The older page and the admin: a learner whose enrolment is passed (valid or expired) gets a
   * new one, charged as a re-enrolment. Otherwise (the wizard) only a passed-and-expired one does;
   * a valid pass counts as already enrolled.
   */
  renew?: boolean;
  /** The admin's force: no charge and no already-enrolled check. */
  force?: boolean;
  /** The admin's pass date: the enrolments start passed, with a certificate and an expiry. */
  passedAt?: Date | null;
  actor: CreditActor;
  now: Date;
  /** Field names of the 422s (the admin's form names them differently). */
  fields?: { courses?: string; users?: string; credits?: string };
}

export interface MadeEnrolment {
  enrollmentId: number;
  userId: number;
  learnerName: string;
  email: string | null;
  courseId: number;
  courseName: string;
  loginCode: string | null;
  credits: number;
  reEnrolment: boolean;
  certificateCode: string | null;
  status: 'not_started' | 'passed';
}

export interface EnrolOutcome {
  made: MadeEnrolment[];
  /** One entry per learner × course not enrolled, with the reason. */
  failed: { name: string; email: string | null; reason: string }[];
  /** Learner × course pairs asked for (new employees that could not be created count too). */
  attempted: number;
  /** The paying company's balance once done. */
  creditBalance: number;
}

/** Whether a user belongs to the company, directly or through one of its depots. */
export async function employeesOf(deps: Deps, companyId: number, users: UserSummary[]): Promise<Set<number>> {
  const otherCompanies = [...new Set(users.map((u) => u.companyId).filter((id) => id !== companyId))];
  const parents = new Map(await Promise.all(otherCompanies.map(async (id) => [id, await deps.identity.companyParentId(id)] as const)));
  return new Set(users.filter((u) => u.companyId === companyId || parents.get(u.companyId) === companyId).map((u) => u.id));
}

/**
 * The courses as this company sees them (its validity settings), refused with a 422 when one does
 * not exist or is specific to a company other than this one or its parent (a depot may use its
 * parent's own courses).
 */
export async function usableCourses(
  deps: Deps,
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

export type Plan = { kind: 'new' | 're-enrolment' } | { kind: 'skip' };

/** What to do with one learner × course, given their enrolments on that course. */
export function planPair(existing: EnrolmentState[], request: Pick<EnrolRequest, 'renew' | 'force' | 'now'>): Plan {
  const passedBefore = existing.some((e) => e.status === 'passed');
  const blocking = existing.some((e) => (request.renew ? e.status !== 'passed' : isOpenEnrolment(e, request.now)));
  if (blocking && !request.force) return { kind: 'skip' };
  return { kind: passedBefore ? 're-enrolment' : 'new' };
}

/**
 * The one enrol use case (wizard, older page, admin). Outside any transaction: checks every user
 * belongs to the company or its depots and every course may be used by it. Then in ONE
 * transaction: locks the paying balance (so enrolments of the same company queue), creates the new
 * employees with their welcome mails (identity's port, joining this transaction), skips learners
 * already enrolled (reported, not charged), inserts the enrolments 1,000 a statement and pays for
 * them with chargeEnrolments — all or nothing (decisions.md "One finalise, one transaction").
 */
export async function enrol(em: Em, deps: Deps, given: EnrolRequest): Promise<EnrolOutcome> {
  // The options read as the caller set them, never through an inherited property (issue 25: a
  // polluted Object.prototype.force made enrolments free).
  const own = <K extends keyof EnrolRequest>(key: K): EnrolRequest[K] | undefined => (Object.hasOwn(given, key) ? given[key] : undefined);
  const request: EnrolRequest = {
    ...given,
    renew: own('renew') === true,
    force: own('force') === true,
    newUsers: own('newUsers') ?? [],
    passedAt: own('passedAt') ?? null,
    fields: own('fields') ?? {},
  };
  const fields = { courses: 'courses', users: 'users', credits: 'credits', ...request.fields };
  const { courses, parentId } = await usableCourses(deps, request.companyId, request.courseIds, fields.courses);

  const userIds = [...new Set(request.userIds)];
  const existingIds = new Set(userIds);
  const existingUsers = userIds.length ? await deps.identity.usersByIds(userIds) : [];
  const employees = await employeesOf(deps, request.companyId, existingUsers);
  if (existingUsers.length !== userIds.length || employees.size !== userIds.length)
    throw validationError({ [fields.users]: [NOT_AN_EMPLOYEE] });

  const costPerLearner = request.force ? 0 : courses.reduce((sum, c) => sum + c.creditCost, 0);
  const newUsers = request.newUsers ?? [];
  // A first look at the credits, to refuse at once a wizard that cannot pay. Only a hint: the
  // check that counts is chargeEnrolments' under the lock.
  if (!request.force && costPerLearner > 0) {
    const before = await enrolmentsOfPairs(
      em,
      userIds,
      courses.map((c) => c.id),
    );
    const enrolledPairs = new Set(before.filter((e) => planPair([e], request).kind === 'skip').map((e) => `${e.userId}:${e.courseId}`));
    const cost =
      newUsers.length * costPerLearner +
      userIds.reduce(
        (sum, userId) => sum + courses.reduce((s, c) => s + (enrolledPairs.has(`${userId}:${c.id}`) ? 0 : c.creditCost), 0),
        0,
      );
    const balances = await creditBalancesOf(em, parentId ? [request.companyId, parentId] : [request.companyId]);
    const available = [...balances.values()].reduce((sum, b) => sum + b, 0);
    if (cost > available) throw validationError({ [fields.credits]: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);
  }

  const attempted = (userIds.length + newUsers.length) * courses.length;
  const passedAt = request.passedAt ?? null;

  // ONE transaction for all of it (issue 25 D5): the new accounts and their welcome mails (through
  // identity's port, on this transaction), the enrolments, the charge and its ledger rows. A crash
  // or a refused charge leaves no account behind and mails nobody.
  const written = await em.transactional(async (tx) => {
    // Taken first (both payers, ascending ids, as every credit movement locks them), so another
    // enrolment of this company waits here and then sees ours.
    if (!request.force) await lockCreditAccounts(tx, parentId ? [request.companyId, parentId] : [request.companyId]);
    const transaction = portTransaction(tx);
    const failed: EnrolOutcome['failed'] = [];
    const learners: (UserSummary & { loginCode?: string })[] = [...existingUsers];
    if (newUsers.length) {
      const created = await deps.identity.createLearners(
        request.companyId,
        newUsers.map((u) => ({ name: u.name, email: u.email ?? null })),
        { transaction },
      );
      for (const result of created) {
        if (result.ok) learners.push(result.user);
        else for (let i = 0; i < courses.length; i++) failed.push({ name: result.name, email: result.email, reason: result.reason });
      }
    }
    const existing = await enrolmentsOfPairs(
      tx,
      learners.map((u) => u.id),
      courses.map((c) => c.id),
    );
    const byPair = new Map<string, EnrolmentState[]>();
    for (const e of existing) byPair.set(`${e.userId}:${e.courseId}`, [...(byPair.get(`${e.userId}:${e.courseId}`) ?? []), e]);

    const planned: { user: UserSummary; course: CourseSummary; reEnrolment: boolean; row: NewEnrolmentRow }[] = [];
    const skipped: EnrolOutcome['failed'] = [];
    for (const user of learners) {
      for (const course of courses) {
        const plan = planPair(byPair.get(`${user.id}:${course.id}`) ?? [], request);
        if (plan.kind === 'skip') {
          skipped.push({ name: user.name, email: user.email, reason: ENROLLING_MESSAGES.alreadyEnrolled });
          continue;
        }
        planned.push({
          user,
          course,
          reEnrolment: plan.kind === 're-enrolment',
          row: {
            userId: user.id,
            courseId: course.id,
            companyId: request.companyId,
            status: passedAt ? 'passed' : 'not_started',
            certificateCode: passedAt ? newCertificateCode() : null,
            startedAt: passedAt,
            passedAt,
            expiresAt: passedAt ? addYears(passedAt, course.validityYears) : null,
          },
        });
      }
    }
    const ids = await insertEnrolments(
      tx,
      planned.map((p) => p.row),
      request.now,
    );
    const inserted = planned.map((p, i) => {
      const enrolmentId = ids[i];
      if (enrolmentId === undefined) throw new Error(`insertEnrollments answered ${ids.length} ids for ${planned.length} rows.`);
      return { ...p, enrollmentId: enrolmentId };
    });
    const charges: EnrolmentCharge[] = request.force
      ? []
      : inserted.map((p) => ({
          enrollmentId: p.enrollmentId,
          amount: p.course.creditCost,
          kind: p.reEnrolment ? 're-enrolment' : 'enrolment',
        }));
    if (passedAt) await issueCertificatesFor(tx, deps, ids, request.now);
    const charged = charges.length
      ? await chargeEnrolments(tx, {
          companyId: request.companyId,
          parentCompanyId: parentId,
          charges,
          actor: request.actor,
          errorField: fields.credits,
          at: request.now,
        })
      : null;
    // An existing learner who never got a welcome mail (e.g. made before it was queued with the
    // account) gets it with this enrolment.
    const existingEnrolled = [...new Set(planned.map((p) => p.user.id).filter((id) => existingIds.has(id)))];
    if (existingEnrolled.length) await deps.identity.sendMissingWelcomes(existingEnrolled, { transaction });
    return { planned: inserted, skipped, failed, learners, balanceAfter: charged?.balanceAfter ?? null };
  });
  const byId = new Map(written.learners.map((u) => [u.id, u]));

  const codes = new Map((await deps.identity.loginCodes(written.planned.map((p) => p.user.id))).map((c) => [c.userId, c.loginCode]));
  const made: MadeEnrolment[] = written.planned.map((p) => ({
    enrollmentId: p.enrollmentId,
    userId: p.user.id,
    learnerName: p.user.name,
    email: p.user.email,
    courseId: p.course.id,
    courseName: p.course.name,
    loginCode: byId.get(p.user.id)?.loginCode ?? codes.get(p.user.id) ?? null,
    credits: request.force ? 0 : p.course.creditCost,
    reEnrolment: p.reEnrolment,
    certificateCode: p.row.certificateCode,
    status: p.row.status as 'not_started' | 'passed',
  }));
  return {
    made,
    failed: [...written.failed, ...written.skipped],
    attempted,
    creditBalance: written.balanceAfter ?? (await creditBalanceOf(em.fork(), request.companyId)),
  };
}

/** The contract's enrollment_summary of an outcome. */
export function enrolmentSummary(outcome: EnrolOutcome) {
  return {
    total_attempted: outcome.attempted,
    total_successful: outcome.made.length,
    total_failed: outcome.attempted - outcome.made.length,
    failed_users: outcome.failed,
  };
}
