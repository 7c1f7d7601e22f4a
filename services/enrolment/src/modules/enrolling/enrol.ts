import type { CreditActor, Em, Principal } from '@portal/service-kit';
import { issueCertificatesFor } from '../certificates/issue-certificate';
import { nothingBlocks, openEnrolmentBlocks, quoteCharges, unfinishedEnrolmentBlocks, type PlanDeps } from './enrol-plan';
import {
  chargeByCompany,
  checkParentMayPay,
  checkRequest,
  createNewLearners,
  DEFAULT_FIELDS,
  lockPayers,
  outcomeOf,
  planRows,
  refuseWhenShort,
  sendMissingWelcomes,
  writeRows,
  type CheckedRequest,
  type EnrolFields,
  type EnrolOutcome,
} from './enrol-steps';

// The enrol use case, one entry per caller, each a list of the named steps in enrol-steps.ts:
// - enrolFromWizard: the wizard's finalise (POST /api/company/enroll): new employees, pay_from_parent;
// - enrolFromPage: the older single page (/enrolments/create), which also renews passed enrolments;
// - enrolAsAdmin: the admin's enrol of one user, free and unchecked when forced, passed with a pass date.
// Outside any transaction each checks the courses and learners; then ONE transaction (issue 25 D5)
// locks the paying balances (so enrolments of the same company queue), creates the new employees
// with their welcome mails (identity's port, joining this transaction), skips learners already
// enrolled (reported, not charged), inserts the enrolments 1,000 a statement and pays for them with
// chargeEnrolments — all or nothing (decisions.md "One finalise, one transaction").

export { ANOTHER_COMPANYS_COURSE, NO_SUCH_COURSE, NOT_AN_EMPLOYEE, usableCourses } from './enrol-plan';
export { PARENT_PAYS_ONLY, enrolmentSummary, type EnrolOutcome, type MadeEnrolment } from './enrol-steps';

type Deps = PlanDeps;

interface EnrolBase {
  /** The company (or depot) new employees join ("Learners belong to"); existing ones keep theirs. */
  companyId: number;
  courseIds: number[];
  /** Existing employees of the company's family (its top company and depots) whom the caller may act for. */
  userIds: number[];
  actor: CreditActor;
  now: Date;
}

export interface WizardEnrolRequest extends EnrolBase {
  /** New employees, created in `companyId` before anything is enrolled. */
  newUsers?: { name: string; email?: string | null }[];
  /** The manager's choice in step 3: a depot's enrolments are paid by its parent alone. */
  payFromParent?: boolean;
  /** Who asks: each existing learner's company must be one they may act for. */
  principal?: Principal;
}

export interface PageEnrolRequest extends EnrolBase {
  principal: Principal;
}

export interface AdminEnrolRequest extends EnrolBase {
  /** The admin's force: no charge and no already-enrolled check. */
  force: boolean;
  /** The admin's pass date: the enrolments start passed, with a certificate and an expiry. */
  passedAt: Date | null;
}

/** The admin's form names its fields differently. */
const ADMIN_FIELDS: EnrolFields = { courses: 'course_id', users: 'user_id', credits: 'course_id' };

/** An optional field as the caller set it, never through an inherited property (issue 25: a polluted Object.prototype made enrolments free). */
const own = <T extends object, K extends keyof T>(given: T, key: K): T[K] | undefined =>
  Object.hasOwn(given, key) ? given[key] : undefined;

/** The wizard's request with its optional fields read as the caller set them. */
function wizardOptions(given: WizardEnrolRequest) {
  return {
    newUsers: own(given, 'newUsers') ?? [],
    payFromParent: own(given, 'payFromParent') === true,
    principal: own(given, 'principal'),
  };
}

/** The wizard's step 3 and finalise's first look: its request checked and its charge planned, nothing written. */
export async function quoteWizardEnrolment(em: Em, deps: Deps, given: WizardEnrolRequest) {
  const options = wizardOptions(given);
  const checked = await checkRequest(deps, { ...given, principal: options.principal }, DEFAULT_FIELDS);
  if (options.payFromParent && options.principal) await checkParentMayPay(deps, options.principal, checked.parents);
  const quote = await quoteCharges(em, {
    ...checked,
    newUsersCompanyId: given.companyId,
    newUsers: options.newUsers.length,
    payFromParent: options.payFromParent,
    rule: openEnrolmentBlocks,
    now: given.now,
  });
  return { options, checked, quote };
}

/** The older page's confirmation and enrol's first look (passed enrolments renewed), nothing written. */
export async function quotePageEnrolment(em: Em, deps: Deps, request: EnrolBase & { principal?: Principal }) {
  const checked = await checkRequest(deps, request, DEFAULT_FIELDS);
  return { checked, quote: await quoteRenewal(em, checked, request) };
}

/** The older page's and the admin's charge: existing learners only, a passed enrolment renewed, each learner company paying. */
function quoteRenewal(em: Em, checked: CheckedRequest, request: { companyId: number; now: Date }) {
  return quoteCharges(em, {
    ...checked,
    newUsersCompanyId: request.companyId,
    newUsers: 0,
    payFromParent: false,
    rule: unfinishedEnrolmentBlocks,
    now: request.now,
  });
}

/** The wizard's finalise: new employees created, open enrolments skipped, each learner company paying (or its parent, when chosen). */
export async function enrolFromWizard(em: Em, deps: Deps, given: WizardEnrolRequest): Promise<EnrolOutcome> {
  const { options, checked, quote } = await quoteWizardEnrolment(em, deps, given);
  refuseWhenShort(quote, DEFAULT_FIELDS);
  const written = await em.transactional(async (tx) => {
    await lockPayers(tx, checked.parents);
    const created = await createNewLearners(tx, deps, { companyId: given.companyId, newUsers: options.newUsers, courses: checked.courses });
    const learners = [...checked.users, ...created.learners];
    const { planned, skipped } = await planRows(tx, {
      learners,
      courses: checked.courses,
      rule: openEnrolmentBlocks,
      now: given.now,
      passedAt: null,
    });
    const rows = await writeRows(tx, planned, given.now);
    await chargeByCompany(tx, rows, {
      parents: checked.parents,
      payFromParent: options.payFromParent,
      actor: given.actor,
      fields: DEFAULT_FIELDS,
      now: given.now,
    });
    await sendMissingWelcomes(tx, deps, rows, checked.users);
    return { rows, failed: [...created.failed, ...skipped], learners };
  });
  const attempted = (checked.users.length + options.newUsers.length) * checked.courses.length;
  return outcomeOf(em, deps, written, { companyId: given.companyId, attempted, credits: (row) => row.course.creditCost });
}

/** The wizard's finalise under its older name (tests and the finalise crash process call it). */
export const enrol = enrolFromWizard;

/** The older page: existing learners only, a passed enrolment (valid or expired) renewed as a re-enrolment, each learner company paying. */
export async function enrolFromPage(em: Em, deps: Deps, request: PageEnrolRequest): Promise<EnrolOutcome> {
  const { checked, quote } = await quotePageEnrolment(em, deps, request);
  refuseWhenShort(quote, DEFAULT_FIELDS);
  const written = await em.transactional(async (tx) => {
    await lockPayers(tx, checked.parents);
    const { planned, skipped } = await planRows(tx, {
      learners: checked.users,
      courses: checked.courses,
      rule: unfinishedEnrolmentBlocks,
      now: request.now,
      passedAt: null,
    });
    const rows = await writeRows(tx, planned, request.now);
    await chargeByCompany(tx, rows, {
      parents: checked.parents,
      payFromParent: false,
      actor: request.actor,
      fields: DEFAULT_FIELDS,
      now: request.now,
    });
    await sendMissingWelcomes(tx, deps, rows, checked.users);
    return { rows, failed: skipped, learners: checked.users };
  });
  const attempted = checked.users.length * checked.courses.length;
  return outcomeOf(em, deps, written, { companyId: request.companyId, attempted, credits: (row) => row.course.creditCost });
}

/**
 * The admin's enrol: like the older page (charged, passed enrolments renewed), or when forced free
 * and whatever the learner's enrolments; with a pass date the enrolments start passed, with their
 * certificates issued in the same transaction.
 */
export async function enrolAsAdmin(em: Em, deps: Deps, request: AdminEnrolRequest): Promise<EnrolOutcome> {
  const forced = own(request, 'force') === true;
  const passedAt = own(request, 'passedAt') ?? null;
  const checked = await checkRequest(deps, request, ADMIN_FIELDS);
  if (!forced) refuseWhenShort(await quoteRenewal(em, checked, request), ADMIN_FIELDS);
  const written = await em.transactional(async (tx) => {
    if (!forced) await lockPayers(tx, checked.parents);
    const rule = forced ? nothingBlocks : unfinishedEnrolmentBlocks;
    const { planned, skipped } = await planRows(tx, {
      learners: checked.users,
      courses: checked.courses,
      rule,
      now: request.now,
      passedAt,
    });
    const rows = await writeRows(tx, planned, request.now);
    if (passedAt)
      await issueCertificatesFor(
        tx,
        deps,
        rows.map((row) => row.enrolmentId),
        request.now,
      );
    if (!forced)
      await chargeByCompany(tx, rows, {
        parents: checked.parents,
        payFromParent: false,
        actor: request.actor,
        fields: ADMIN_FIELDS,
        now: request.now,
      });
    await sendMissingWelcomes(tx, deps, rows, checked.users);
    return { rows, failed: skipped, learners: checked.users };
  });
  const attempted = checked.users.length * checked.courses.length;
  return outcomeOf(em, deps, written, { companyId: request.companyId, attempted, credits: (row) => (forced ? 0 : row.course.creditCost) });
}
