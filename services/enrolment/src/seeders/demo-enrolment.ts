import type { Em } from '@portal/service-kit';
import { Enrollment, type EnrollmentStatus, type IEnrollment } from '../modules/enrollments/enrollment.entity';
import { CreditAccount, CreditTransaction } from '../modules/credits/credit.entity';

const DAY = 24 * 60 * 60 * 1000;

export interface DemoEnrolmentIds {
  companies: { demo: number; northDepot: number; southDepot: number };
  users: { learner: number; codeLearner: number; northLearner: number; southLearner: number };
  courses: { manualHandling: number; fireSafety: number; workingAtHeight: number };
  /** Credit cost and validity years per course id. */
  courseTerms: Record<number, { creditCost: number; validityYears: number }>;
}

/**
 * Enrolments in every state (not started, in progress, passed with DEMO-CERT-0001, failed,
 * expired) and a ledger that leaves Demo Construction Ltd with 40 credits. Dates are relative to
 * the seeding day so 'passed' stays valid and 'expired' stays expired.
 */
export async function seedDemoEnrolment(em: Em, ids: DemoEnrolmentIds, now = new Date()): Promise<void> {
  const { users, courses, companies } = ids;
  const rows: { userId: number; courseId: number; companyId: number; status: EnrollmentStatus; passedDaysAgo?: number; score?: number; code?: string; paid: boolean }[] = [
    { userId: users.learner, courseId: courses.manualHandling, companyId: companies.demo, status: 'passed', passedDaysAgo: 30, score: 90, code: 'DEMO-CERT-0001', paid: true },
    { userId: users.learner, courseId: courses.fireSafety, companyId: companies.demo, status: 'in_progress', paid: true },
    { userId: users.learner, courseId: courses.workingAtHeight, companyId: companies.demo, status: 'not_started', paid: true },
    { userId: users.codeLearner, courseId: courses.manualHandling, companyId: companies.demo, status: 'failed', score: 40, paid: true },
    { userId: users.codeLearner, courseId: courses.fireSafety, companyId: companies.demo, status: 'passed', passedDaysAgo: 400, score: 85, code: 'DEMO-CERT-0002', paid: true },
    { userId: users.northLearner, courseId: courses.manualHandling, companyId: companies.northDepot, status: 'passed', passedDaysAgo: 10, score: 100, code: 'DEMO-CERT-0003', paid: false },
    { userId: users.southLearner, courseId: courses.workingAtHeight, companyId: companies.southDepot, status: 'in_progress', paid: false },
  ];

  let spent = 0;
  const spends: { enrollment: IEnrollment; cost: number }[] = [];
  for (const [index, row] of rows.entries()) {
    const terms = ids.courseTerms[row.courseId] ?? { creditCost: 1, validityYears: 1 };
    const createdAt = new Date(now.getTime() - (row.passedDaysAgo ?? 5) * DAY - 7 * DAY + index * 1000);
    const passedAt = row.passedDaysAgo !== undefined ? new Date(now.getTime() - row.passedDaysAgo * DAY) : null;
    const expiresAt = passedAt ? new Date(Date.UTC(passedAt.getUTCFullYear() + terms.validityYears, passedAt.getUTCMonth(), passedAt.getUTCDate())) : null;
    const enrollment = em.create(Enrollment, {
      userId: row.userId,
      courseId: row.courseId,
      companyId: row.companyId,
      status: row.status,
      score: row.score ?? null,
      certificateCode: row.code ?? null,
      startedAt: row.status === 'not_started' ? null : new Date(createdAt.getTime() + DAY),
      passedAt,
      expiresAt,
      createdAt,
      updatedAt: createdAt,
    });
    if (row.paid) {
      spent += terms.creditCost;
      spends.push({ enrollment, cost: terms.creditCost });
    }
  }
  await em.flush();

  const finalBalance = 40;
  em.create(CreditTransaction, { companyId: companies.demo, delta: finalBalance + spent, kind: 'purchase', orderId: 'DEMO-ORDER-1001', note: 'Demo credit purchase' });
  for (const { enrollment, cost } of spends) {
    em.create(CreditTransaction, { companyId: companies.demo, delta: -cost, kind: 'enrolment', enrollmentId: enrollment.id });
  }
  em.create(CreditAccount, { companyId: companies.demo, balance: finalBalance });
  await em.flush();
}
