import { LockMode } from '@mikro-orm/core';
import type { Em, EnrolmentPort } from '@portal/service-kit';
import { Enrollment } from './modules/enrollments/enrollment.entity';
import { CreditAccount, CreditTransaction } from './modules/credits/credit.entity';
import { creditBalanceOf } from './modules/credits/credit-balance';
import { ScoState, ScormAttempt, ScormLogEntry } from './modules/player/scorm.entity';
import { LearnerActivity } from './modules/activities/learner-activity.entity';

/** Deletes enrolments with what hangs off them: SCORM attempts, SCO states, the SCORM log, activities. */
async function deleteEnrollments(em: Em, where: Record<string, unknown>): Promise<number> {
  const ids = (await em.find(Enrollment, where as never, { fields: ['id'] })).map((e) => e.id);
  if (ids.length === 0) return 0;
  const byEnrollment = { enrollmentId: { $in: ids } };
  await em.nativeDelete(ScormLogEntry, byEnrollment);
  await em.nativeDelete(ScoState, byEnrollment);
  await em.nativeDelete(ScormAttempt, byEnrollment);
  await em.nativeDelete(LearnerActivity, byEnrollment);
  return em.nativeDelete(Enrollment, { id: { $in: ids } });
}

/** Changes a balance and writes its ledger row in one transaction, under a row lock. */
export async function changeCredits(
  em: Em,
  input: { companyId: number; delta: number; kind: 'purchase' | 'enrolment' | 'refund' | 'adjustment'; enrollmentId?: number | null; note?: string | null },
) {
  await em.transactional(async (tx) => {
    let account = await tx.findOne(CreditAccount, { companyId: input.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!account) account = tx.create(CreditAccount, { companyId: input.companyId, balance: 0 } as never);
    account.balance += input.delta;
    tx.create(CreditTransaction, {
      companyId: input.companyId,
      delta: input.delta,
      kind: input.kind,
      enrollmentId: input.enrollmentId ?? null,
      note: input.note ?? null,
    } as never);
  });
}

export const enrolmentPort: EnrolmentPort = {
  async removeEnrollmentsOfCourse(em, courseId) {
    let refunded = 0;
    const enrollments = await em.find(Enrollment, { courseId });
    for (const enrollment of enrollments) {
      const spends = await em.find(CreditTransaction, { enrollmentId: enrollment.id, kind: 'enrolment' });
      const cost = -spends.reduce((sum, t) => sum + t.delta, 0);
      if (cost > 0) {
        await changeCredits(em, { companyId: enrollment.companyId, delta: cost, kind: 'refund', enrollmentId: enrollment.id, note: `Course ${courseId} deleted` });
        refunded += cost;
      }
    }
    const removed = await deleteEnrollments(em, { courseId });
    return { removed, refunded };
  },
  async removeEnrollmentsOfUsers(em, userIds) {
    if (userIds.length === 0) return { removed: 0 };
    return { removed: await deleteEnrollments(em, { userId: { $in: userIds } }) };
  },
  async removeEnrollmentsOfCompanies(em, companyIds) {
    if (companyIds.length === 0) return { removed: 0 };
    return { removed: await deleteEnrollments(em, { companyId: { $in: companyIds } }) };
  },
  async setCreditBalance(em, companyId, balance, note) {
    const current = await creditBalanceOf(em, companyId);
    if (current !== balance) await changeCredits(em, { companyId, delta: balance - current, kind: 'adjustment', note });
  },
  creditBalanceOf,
  async hasEnrollments(em, companyId, courseId) {
    return (await em.count(Enrollment, { companyId, courseId })) > 0;
  },
};
