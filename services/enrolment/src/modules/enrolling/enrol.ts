import { CREDIT_MESSAGES, ENROLLING_MESSAGES } from '@portal/contracts';
import {
  portTransaction,
  validationError,
  type CourseSummary,
  type CreditActor,
  type Em,
  type Principal,
  type UserSummary,
} from '@portal/service-kit';
import { newCertificateCode } from '../certificates/certificate';
import { addYears } from '../enrolments/validity';
import { issueCertificatesFor } from '../certificates/issue-certificate';
import { chargeEnrolments, type EnrolmentCharge } from '../credits/charge-credits';
import { creditBalanceOf, lockCreditAccounts } from '../credits/credit.repository';
import { enrolmentsOfPairs, insertEnrolments, type EnrolmentState, type NewEnrolmentRow } from '../enrolments/enrolment.repository';
import { chosenEmployees, planPair, quoteCharges, usableCourses, type PlanDeps } from './enrol-plan';

export { ANOTHER_COMPANYS_COURSE, NO_SUCH_COURSE, NOT_AN_EMPLOYEE, usableCourses } from './enrol-plan';

type Deps = PlanDeps;

export interface EnrolRequest {
  /** The company (or depot) new employees join ("Learners belong to"); existing ones keep theirs. */
  companyId: number;
  courseIds: number[];
  /** Existing employees of the company's family (its top company and depots) whom the caller may act for. */
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
  /** The manager's choice in step 3: a depot's enrolments are paid by its parent alone. */
  payFromParent?: boolean;
  /** Who asks: each existing learner's company must be one they may act for. */
  principal?: Principal;
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
  /** The balance of `companyId` once done. */
  creditBalance: number;
}

/** The request with its options read as the caller set them, never through an inherited property
 * (issue 25: a polluted Object.prototype.force made enrolments free). */
function ownOptions(given: EnrolRequest): EnrolRequest {
  const own = <K extends keyof EnrolRequest>(key: K): EnrolRequest[K] | undefined => (Object.hasOwn(given, key) ? given[key] : undefined);
  return {
    ...given,
    renew: own('renew') === true,
    force: own('force') === true,
    payFromParent: own('payFromParent') === true,
    newUsers: own('newUsers') ?? [],
    passedAt: own('passedAt') ?? null,
    principal: own('principal'),
    fields: own('fields') ?? {},
  };
}

/** Checks a request and plans its charge without writing: the wizard's step 3 and finalise's first look. */
export async function quoteEnrolment(em: Em, deps: Deps, given: EnrolRequest) {
  const request = ownOptions(given);
  const fields = { courses: 'courses', users: 'users', credits: 'credits', ...request.fields };
  const { courses, parentId } = await usableCourses(deps, request.companyId, request.courseIds, fields.courses);
  const { users, parents } = await chosenEmployees(deps, {
    companyId: request.companyId,
    parentId,
    userIds: request.userIds,
    ...(request.principal ? { principal: request.principal } : {}),
    field: fields.users,
  });
  const quote = await quoteCharges(em, {
    courses,
    users,
    newUsersCompanyId: request.companyId,
    newUsers: request.newUsers?.length ?? 0,
    parents,
    payFromParent: request.payFromParent === true,
    renew: request.renew === true,
    now: request.now,
  });
  return { request, fields, courses, users, parents, quote };
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
  const { request, fields, courses, users: existingUsers, parents, quote } = await quoteEnrolment(em, deps, given);
  // A first look at the credits, to refuse at once a wizard that cannot pay. Only a hint: the
  // check that counts is chargeEnrolments' under the lock.
  if (!request.force && !quote.isEnough)
    throw validationError({ [fields.credits]: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);

  const existingIds = new Set(existingUsers.map((u) => u.id));
  const newUsers = request.newUsers ?? [];
  const attempted = (existingUsers.length + newUsers.length) * courses.length;
  const passedAt = request.passedAt ?? null;
  const payers = [...new Set([...parents.keys(), ...[...parents.values()].filter((id): id is number => id !== null)])];

  // ONE transaction for all of it (issue 25 D5): the new accounts and their welcome mails (through
  // identity's port, on this transaction), the enrolments, the charge and its ledger rows. A crash
  // or a refused charge leaves no account behind and mails nobody.
  const written = await em.transactional(async (tx) => {
    // Taken first (every payer, ascending ids, as every credit movement locks them), so another
    // enrolment of this company waits here and then sees ours.
    if (!request.force) await lockCreditAccounts(tx, payers);
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
            // The learner's own company (a depot's learner is the depot's), never the wizard's choice for new ones.
            companyId: user.companyId,
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
    if (passedAt) await issueCertificatesFor(tx, deps, ids, request.now);
    // Each learner company pays for its own learners' enrolments (with its parent's help, or by its
    // parent when the manager chose so), companies in ascending id: the order the quote simulated.
    if (!request.force) {
      const byCompany = new Map<number, typeof inserted>();
      for (const p of inserted) byCompany.set(p.row.companyId, [...(byCompany.get(p.row.companyId) ?? []), p]);
      for (const companyId of [...byCompany.keys()].sort((a, b) => a - b)) {
        const charges: EnrolmentCharge[] = (byCompany.get(companyId) ?? []).map((p) => ({
          enrollmentId: p.enrollmentId,
          amount: p.course.creditCost,
          kind: p.reEnrolment ? 're-enrolment' : 'enrolment',
        }));
        await chargeEnrolments(tx, {
          companyId,
          parentCompanyId: parents.get(companyId) ?? null,
          payFromParent: request.payFromParent === true,
          charges,
          actor: request.actor,
          errorField: fields.credits,
          at: request.now,
        });
      }
    }
    // An existing learner who never got a welcome mail (e.g. made before it was queued with the
    // account) gets it with this enrolment.
    const existingEnrolled = [...new Set(planned.map((p) => p.user.id).filter((id) => existingIds.has(id)))];
    if (existingEnrolled.length) await deps.identity.sendMissingWelcomes(existingEnrolled, { transaction });
    return { planned: inserted, skipped, failed, learners };
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
    creditBalance: await creditBalanceOf(em.fork(), request.companyId),
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
