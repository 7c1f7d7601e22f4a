import type { CreditActor, Em } from '@portal/service-kit';
import { Enrolment } from '../enrolments/enrolment.entity';
import { enrolmentIdsOf } from '../enrolments/enrolment.repository';
import { ScoState, ScormLogEntry } from '../player/scorm.entity';
import { lockCreditAccounts, moveCredits, openedAccountOf } from '../credits/credit.repository';

/** What deleting these users and companies would remove (the same set as `removeEnrolmentsOf`). */
export async function countEnrolmentsOf(em: Em, owners: { userIds: number[]; companyIds: number[] }): Promise<number> {
  return (await enrolmentIdsOf(em, owners)).length;
}

/**
 * A depot is going and its learners move to its parent: the enrolments the depot bought become
 * the parent's (the payer is gone; its certificates must stay with a company that exists), and
 * its remaining balance moves to the parent as a transfer in both ledgers. One transaction.
 */
export async function moveCompanyRecords(
  em: Em,
  fromCompanyId: number,
  toCompanyId: number,
  actor: CreditActor,
  at: Date,
): Promise<{ movedEnrollments: number; movedCredits: number }> {
  return em.transactional(async (tx) => {
    const movedEnrolments = await tx.nativeUpdate(Enrolment, { companyId: fromCompanyId }, { companyId: toCompanyId });
    const accounts = await lockCreditAccounts(tx, [fromCompanyId, toCompanyId], { open: true });
    const from = openedAccountOf(accounts, fromCompanyId);
    const to = openedAccountOf(accounts, toCompanyId);
    const amount = Math.max(0, from.balance);
    if (amount > 0) {
      const note = 'Depot deleted: learners moved to the parent company';
      moveCredits(tx, from, { delta: -amount, kind: 'transfer', counterpartyCompanyId: toCompanyId, actor, note, createdAt: at });
      moveCredits(tx, to, { delta: amount, kind: 'transfer', counterpartyCompanyId: fromCompanyId, actor, note, createdAt: at });
    }
    return { movedEnrollments: movedEnrolments, movedCredits: amount };
  });
}

/**
 * GDPR erasure of a learner's course state: the SCORM suspend data (the course's own opaque state,
 * which may hold anything the course asked) of their SCO states and log. Statuses, scores, times,
 * enrolments and certificates stay for the compliance record.
 */
export async function anonymiseLearner(em: Em, userId: number): Promise<{ clearedSuspendData: number }> {
  return em.transactional(async (tx) => {
    const ids = await enrolmentIdsOf(tx, { userIds: [userId], companyIds: [] });
    if (ids.length === 0) return { clearedSuspendData: 0 };
    const states = await tx.nativeUpdate(ScoState, { enrolmentId: { $in: ids }, suspendData: { $ne: null } }, { suspendData: null });
    const log = await tx.nativeUpdate(ScormLogEntry, { enrolmentId: { $in: ids }, suspendData: { $ne: null } }, { suspendData: null });
    return { clearedSuspendData: states + log };
  });
}
