import type { Em } from '@portal/service-kit';
import { Enrolment, type EnrolmentStatus, type IEnrolment } from '../modules/enrolments/enrolment.entity';
import { CreditAccount, CreditTransaction } from '../modules/credits/credit.entity';
import { Invoice } from '../modules/purchases/invoice.entity';
import { CertificateRecord } from '../modules/certificates/certificate.entity';
import { seedDemoAnswers } from './demo-answers';

const DAY = 24 * 60 * 60 * 1000;

export interface DemoEnrolmentIds {
  companies: { demo: number; northDepot: number; southDepot: number };
  users: { learner: number; codeLearner: number; northLearner: number; southLearner: number };
  courses: { manualHandling: number; fireSafety: number; workingAtHeight: number };
  /** Credit cost and validity years per course id. */
  courseTerms: Record<number, { creditCost: number; validityYears: number }>;
}

interface DemoRow {
  userId: number;
  courseId: number;
  companyId: number;
  status: EnrolmentStatus;
  passedDaysAgo?: number;
  score?: number;
  code?: string;
  paid: boolean;
}

/** The demo's enrolments: one in every state, across the company and its two depots. */
function demoRows({ users, courses, companies }: DemoEnrolmentIds): DemoRow[] {
  return [
    {
      userId: users.learner,
      courseId: courses.manualHandling,
      companyId: companies.demo,
      status: 'passed',
      passedDaysAgo: 30,
      score: 90,
      code: 'DEMO-CERT-0001',
      paid: true,
    },
    { userId: users.learner, courseId: courses.fireSafety, companyId: companies.demo, status: 'in_progress', paid: true },
    { userId: users.learner, courseId: courses.workingAtHeight, companyId: companies.demo, status: 'not_started', paid: true },
    { userId: users.codeLearner, courseId: courses.manualHandling, companyId: companies.demo, status: 'failed', score: 40, paid: true },
    {
      userId: users.codeLearner,
      courseId: courses.fireSafety,
      companyId: companies.demo,
      status: 'passed',
      passedDaysAgo: 400,
      score: 85,
      code: 'DEMO-CERT-0002',
      paid: true,
    },
    {
      userId: users.northLearner,
      courseId: courses.manualHandling,
      companyId: companies.northDepot,
      status: 'passed',
      passedDaysAgo: 10,
      score: 100,
      code: 'DEMO-CERT-0003',
      paid: false,
    },
    { userId: users.southLearner, courseId: courses.workingAtHeight, companyId: companies.southDepot, status: 'in_progress', paid: false },
  ];
}

interface CreatedEnrolments {
  enrolments: IEnrolment[];
  /** The paid ones with what each cost. */
  spends: { enrollment: IEnrolment; cost: number }[];
  /** The passed ones with their certificate code. */
  certified: { enrollment: IEnrolment; code: string }[];
  spent: number;
}

/** The enrolment rows, dated relative to `now` (not flushed). */
function createEnrolments(em: Em, ids: DemoEnrolmentIds, now: Date): CreatedEnrolments {
  const created: CreatedEnrolments = { enrolments: [], spends: [], certified: [], spent: 0 };
  for (const [index, row] of demoRows(ids).entries()) {
    const terms = ids.courseTerms[row.courseId] ?? { creditCost: 1, validityYears: 1 };
    const createdAt = new Date(now.getTime() - (row.passedDaysAgo ?? 5) * DAY - 7 * DAY + index * 1000);
    const passedAt = row.passedDaysAgo !== undefined ? new Date(now.getTime() - row.passedDaysAgo * DAY) : null;
    const expiresAt = passedAt
      ? new Date(Date.UTC(passedAt.getUTCFullYear() + terms.validityYears, passedAt.getUTCMonth(), passedAt.getUTCDate()))
      : null;
    const startedAt = row.status === 'not_started' ? null : new Date(createdAt.getTime() + DAY);
    // Last activity (updated_at: /reporting, the export) is never before the first launch: a passed
    // enrolment was last active when it passed, one in progress or failed two hours after its start.
    const lastActivity = passedAt ?? (startedAt ? new Date(startedAt.getTime() + 2 * 60 * 60 * 1000) : createdAt);
    const enrolment = em.create(Enrolment, {
      userId: row.userId,
      courseId: row.courseId,
      companyId: row.companyId,
      status: row.status,
      score: row.score ?? null,
      certificateCode: row.code ?? null,
      startedAt,
      passedAt,
      expiresAt,
      createdAt,
      updatedAt: lastActivity,
    });
    if (row.paid) {
      created.spent += terms.creditCost;
      created.spends.push({ enrollment: enrolment, cost: terms.creditCost });
    }
    if (row.code && passedAt) created.certified.push({ enrollment: enrolment, code: row.code });
    created.enrolments.push(enrolment);
  }
  return created;
}

/** Each passed demo enrolment holds its certificate, verifiable by its printed code (not flushed). */
function createCertificates(em: Em, certified: CreatedEnrolments['certified']): void {
  for (const { enrollment: enrolment, code } of certified) {
    const issuedAt = enrolment.passedAt;
    if (!issuedAt) throw new Error(`Demo enrolment ${enrolment.id} is certified but has no pass date.`);
    em.create(CertificateRecord, {
      code,
      enrolmentId: enrolment.id,
      userId: enrolment.userId,
      courseId: enrolment.courseId,
      companyId: enrolment.companyId,
      issuedAt,
      expiresAt: enrolment.expiresAt ?? null,
      revokedAt: null,
      revokedReason: null,
      revokedById: null,
      revokedBy: null,
      supersededBy: null,
      supersededAt: null,
      createdAt: issuedAt,
      updatedAt: issuedAt,
    });
  }
}

/**
 * The ledger: two shop orders (each with its invoice), then the enrolments they paid for; every
 * row carries the balance after it, and the balance is the ledger's sum (40). Not flushed.
 */
function createLedger(em: Em, companyId: number, paid: Pick<CreatedEnrolments, 'spends' | 'spent'>, now: Date): void {
  const { spends, spent } = paid;
  const finalBalance = 40;
  const firstOrder = {
    orderId: 'DEMO-ORDER-1001',
    credits: finalBalance - 15 + spent,
    amountMinor: (finalBalance - 15 + spent) * 1500,
    daysAgo: 500,
  };
  const secondOrder = { orderId: 'DEMO-ORDER-1002', credits: 15, amountMinor: 15 * 1500, daysAgo: 3 };
  const orders = [firstOrder, secondOrder];
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const movements = [
    { ...firstOrder, kind: 'purchase' as const, createdAt: at(firstOrder.daysAgo) },
    ...spends.map(({ enrollment: enrolment, cost }) => ({
      kind: 'enrolment' as const,
      delta: -cost,
      enrolmentId: enrolment.id,
      createdAt: enrolment.createdAt,
    })),
    { ...secondOrder, kind: 'purchase' as const, createdAt: at(secondOrder.daysAgo) },
  ]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((m) =>
      'credits' in m
        ? { kind: m.kind, delta: m.credits, orderId: m.orderId, createdAt: m.createdAt, enrolmentId: null }
        : { ...m, orderId: null },
    );
  let balance = 0;
  for (const movement of movements) {
    balance += movement.delta;
    const bought = movement.orderId !== null;
    em.create(CreditTransaction, {
      companyId,
      delta: movement.delta,
      kind: movement.kind,
      balanceAfter: balance,
      actorUserId: null,
      actorName: bought ? 'Shop' : 'Demo Manager',
      enrolmentId: movement.enrolmentId,
      orderId: movement.orderId,
      note: bought ? `Shop order ${movement.orderId}` : null,
      createdAt: movement.createdAt,
    });
  }
  for (const order of orders) {
    em.create(Invoice, {
      orderId: order.orderId,
      kind: 'credits',
      companyId,
      userId: null,
      credits: order.credits,
      courseId: null,
      courseName: null,
      customerName: 'Demo Construction Ltd',
      customerEmail: 'manager@demo.test',
      amountMinor: order.amountMinor,
      currency: 'GBP',
      createdAt: at(order.daysAgo),
    });
  }
  em.create(CreditAccount, { companyId, balance });
}

/**
 * Enrolments in every state (not started, in progress, passed with DEMO-CERT-0001, failed,
 * expired) with what the learners answered in the passed and failed ones, a ledger that leaves
 * Demo Construction Ltd with 40 credits, and the invoices of its two shop orders. Dates are
 * relative to the seeding day so 'passed' stays valid and 'expired' stays expired.
 */
export async function seedDemoEnrolment(em: Em, ids: DemoEnrolmentIds, now = new Date()): Promise<void> {
  const created = createEnrolments(em, ids, now);
  await em.flush();
  await seedDemoAnswers(em, created.enrolments, ids.courses);
  createCertificates(em, created.certified);
  await em.flush();
  createLedger(em, ids.companies.demo, created, now);
  await em.flush();
}
