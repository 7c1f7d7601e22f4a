import { CREDIT_MESSAGES, ENROLLING_MESSAGES } from '@portal/contracts';
import {
  canActForCompany,
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
import { chargeEnrolments, type EnrolmentCharge } from '../credits/charge-credits';
import { creditBalanceOf, lockCreditAccounts } from '../credits/credit.repository';
import { enrolmentsOfPairs, insertEnrolments, type EnrolmentState, type NewEnrolmentRow } from '../enrolments/enrolment.repository';
import { chosenEmployees, planPair, usableCourses, type EnrolQuote, type PairRule, type PlanDeps } from './enrol-plan';

// The named steps of the enrol use case, shared by its three callers (enrol.ts: the wizard, the
// older page, the admin). Each caller lists the steps it takes; no step asks which caller it serves.

export const PARENT_PAYS_ONLY = 'Only the parent company’s manager can have it pay for its depots’ learners.';

/** Field names of the 422s (the admin's form names them differently). */
export interface EnrolFields {
  courses: string;
  users: string;
  credits: string;
}

export const DEFAULT_FIELDS: EnrolFields = { courses: 'courses', users: 'users', credits: 'credits' };

export interface MadeEnrolment {
  enrolmentId: number;
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

export type FailedEnrolment = { name: string; email: string | null; reason: string };

export interface EnrolOutcome {
  made: MadeEnrolment[];
  /** One entry per learner × course not enrolled, with the reason. */
  failed: FailedEnrolment[];
  /** Learner × course pairs asked for (new employees that could not be created count too). */
  attempted: number;
  /** The balance of `companyId` once done. */
  creditBalance: number;
}

/** What every caller checks before anything is written. */
export interface CheckedRequest {
  courses: CourseSummary[];
  /** The existing learners chosen. */
  users: UserSummary[];
  /** The parent of each company concerned (null for a top-level one). */
  parents: Map<number, number | null>;
}

/**
 * Outside any transaction: every course may be used by the company and every chosen learner is of
 * its family (its top company and depots) and, when someone asks, one they may act for.
 */
export async function checkRequest(
  deps: PlanDeps,
  request: { companyId: number; courseIds: number[]; userIds: number[]; principal?: Principal | undefined },
  fields: EnrolFields,
): Promise<CheckedRequest> {
  const { courses, parentId } = await usableCourses(deps, request.companyId, request.courseIds, fields.courses);
  const { users, parents } = await chosenEmployees(deps, {
    companyId: request.companyId,
    parentId,
    userIds: request.userIds,
    ...(request.principal ? { principal: request.principal } : {}),
    field: fields.users,
  });
  return { courses, users, parents };
}

/** The parent's credits are the parent's to give: only who may act for it chooses that it pays alone. */
export async function checkParentMayPay(deps: PlanDeps, principal: Principal, parents: Map<number, number | null>): Promise<void> {
  for (const parentId of new Set([...parents.values()].filter((id): id is number => id !== null))) {
    if (!(await canActForCompany(deps.identity, principal, parentId))) {
      throw validationError({ pay_from_parent: [PARENT_PAYS_ONLY] });
    }
  }
}

/**
 * A first look at the credits, to refuse at once a request that cannot pay. Only a hint: the
 * check that counts is chargeEnrolments' under the lock.
 */
export function refuseWhenShort(quote: Pick<EnrolQuote, 'isEnough'>, fields: EnrolFields): void {
  if (!quote.isEnough) throw validationError({ [fields.credits]: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);
}

/**
 * Every payer's balance row, taken first in the transaction (ascending ids, as every credit
 * movement locks them), so another enrolment of these companies waits here and then sees ours.
 */
export async function lockPayers(tx: Em, parents: Map<number, number | null>): Promise<void> {
  const payers = [...new Set([...parents.keys(), ...[...parents.values()].filter((id): id is number => id !== null)])];
  await lockCreditAccounts(tx, payers);
}

export type Learner = UserSummary & { loginCode?: string };

/**
 * The wizard's new employees, created in `companyId` with their welcome mails through identity's
 * port, on this transaction: a crash or a refused charge leaves no account behind and mails nobody.
 * One failure per course for each employee that could not be created.
 */
export async function createNewLearners(
  tx: Em,
  deps: PlanDeps,
  input: { companyId: number; newUsers: { name: string; email?: string | null }[]; courses: CourseSummary[] },
): Promise<{ learners: Learner[]; failed: FailedEnrolment[] }> {
  const learners: Learner[] = [];
  const failed: FailedEnrolment[] = [];
  if (!input.newUsers.length) return { learners, failed };
  const created = await deps.identity.createLearners(
    input.companyId,
    input.newUsers.map((u) => ({ name: u.name, email: u.email ?? null })),
    { transaction: portTransaction(tx) },
  );
  for (const result of created) {
    if (result.ok) learners.push(result.user);
    else for (let i = 0; i < input.courses.length; i++) failed.push({ name: result.name, email: result.email, reason: result.reason });
  }
  return { learners, failed };
}

export interface PlannedRow {
  user: Learner;
  course: CourseSummary;
  reEnrolment: boolean;
  row: NewEnrolmentRow;
}

/**
 * The enrolment row of each learner × course the rule lets through (the others reported as already
 * enrolled, never charged). With a pass date the row starts passed, with a certificate code and an expiry.
 */
export async function planRows(
  tx: Em,
  input: { learners: Learner[]; courses: CourseSummary[]; rule: PairRule; now: Date; passedAt: Date | null },
): Promise<{ planned: PlannedRow[]; skipped: FailedEnrolment[] }> {
  const existing = await enrolmentsOfPairs(
    tx,
    input.learners.map((u) => u.id),
    input.courses.map((c) => c.id),
  );
  const byPair = new Map<string, EnrolmentState[]>();
  for (const e of existing) byPair.set(`${e.userId}:${e.courseId}`, [...(byPair.get(`${e.userId}:${e.courseId}`) ?? []), e]);
  const { passedAt } = input;
  const planned: PlannedRow[] = [];
  const skipped: FailedEnrolment[] = [];
  for (const user of input.learners) {
    for (const course of input.courses) {
      const plan = planPair(byPair.get(`${user.id}:${course.id}`) ?? [], input.rule, input.now);
      if (plan.kind === 'skip') {
        skipped.push({ name: user.name, email: user.email, reason: ENROLLING_MESSAGES.alreadyEnrolled });
        continue;
      }
      const row: NewEnrolmentRow = {
        userId: user.id,
        courseId: course.id,
        // The learner's own company (a depot's learner is the depot's), never the wizard's choice for new ones.
        companyId: user.companyId,
        status: passedAt ? 'passed' : 'not_started',
        certificateCode: passedAt ? newCertificateCode() : null,
        startedAt: passedAt,
        passedAt,
        expiresAt: passedAt ? addYears(passedAt, course.validityYears) : null,
      };
      planned.push({ user, course, reEnrolment: plan.kind === 're-enrolment', row });
    }
  }
  return { planned, skipped };
}

export type WrittenRow = PlannedRow & { enrolmentId: number };

/** The planned rows, inserted 1,000 a statement, each with its new id. */
export async function writeRows(tx: Em, planned: PlannedRow[], now: Date): Promise<WrittenRow[]> {
  const ids = await insertEnrolments(
    tx,
    planned.map((p) => p.row),
    now,
  );
  return planned.map((p, i) => {
    const enrolmentId = ids[i];
    if (enrolmentId === undefined) throw new Error(`insertEnrollments answered ${ids.length} ids for ${planned.length} rows.`);
    return { ...p, enrolmentId };
  });
}

/**
 * Each learner company pays for its own learners' enrolments (with its parent's help, or by its
 * parent when the manager chose so), companies in ascending id: the order the quote simulated.
 */
export async function chargeByCompany(
  tx: Em,
  written: WrittenRow[],
  input: { parents: Map<number, number | null>; payFromParent: boolean; actor: CreditActor; fields: EnrolFields; now: Date },
): Promise<void> {
  const byCompany = new Map<number, WrittenRow[]>();
  for (const p of written) byCompany.set(p.row.companyId, [...(byCompany.get(p.row.companyId) ?? []), p]);
  for (const companyId of [...byCompany.keys()].sort((a, b) => a - b)) {
    const charges: EnrolmentCharge[] = (byCompany.get(companyId) ?? []).map((p) => ({
      enrolmentId: p.enrolmentId,
      amount: p.course.creditCost,
      kind: p.reEnrolment ? 're-enrolment' : 'enrolment',
    }));
    await chargeEnrolments(tx, {
      companyId,
      parentCompanyId: input.parents.get(companyId) ?? null,
      payFromParent: input.payFromParent,
      charges,
      actor: input.actor,
      errorField: input.fields.credits,
      at: input.now,
    });
  }
}

/**
 * An existing learner who never got a welcome mail (e.g. made before it was queued with the
 * account) gets it with this enrolment, on this transaction.
 */
export async function sendMissingWelcomes(tx: Em, deps: PlanDeps, written: WrittenRow[], existing: UserSummary[]): Promise<void> {
  const existingIds = new Set(existing.map((u) => u.id));
  const enrolled = [...new Set(written.map((p) => p.user.id).filter((id) => existingIds.has(id)))];
  if (enrolled.length) await deps.identity.sendMissingWelcomes(enrolled, { transaction: portTransaction(tx) });
}

/** What one transaction wrote: its rows, the pairs not enrolled (failed, then skipped) and every learner it enrolled from. */
export interface Written {
  rows: WrittenRow[];
  failed: FailedEnrolment[];
  learners: Learner[];
}

/** The outcome as the callers answer it: each enrolment with its learner's login code, and the company's balance once done. */
export async function outcomeOf(
  em: Em,
  deps: PlanDeps,
  written: Written,
  input: { companyId: number; attempted: number; credits: (row: WrittenRow) => number },
): Promise<EnrolOutcome> {
  const byId = new Map(written.learners.map((u) => [u.id, u]));
  const codes = new Map((await deps.identity.loginCodes(written.rows.map((p) => p.user.id))).map((c) => [c.userId, c.loginCode]));
  const made: MadeEnrolment[] = written.rows.map((p) => ({
    enrolmentId: p.enrolmentId,
    userId: p.user.id,
    learnerName: p.user.name,
    email: p.user.email,
    courseId: p.course.id,
    courseName: p.course.name,
    loginCode: byId.get(p.user.id)?.loginCode ?? codes.get(p.user.id) ?? null,
    credits: input.credits(p),
    reEnrolment: p.reEnrolment,
    certificateCode: p.row.certificateCode,
    status: p.row.status as 'not_started' | 'passed',
  }));
  return { made, failed: written.failed, attempted: input.attempted, creditBalance: await creditBalanceOf(em.fork(), input.companyId) };
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
