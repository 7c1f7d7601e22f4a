import type { Em } from '@portal/service-kit';
import { Enrolment, type EnrolmentStatus, type IEnrolment } from '../modules/enrolments/enrolment.entity';
import { CreditAccount, CreditTransaction, type ICreditAccount } from '../modules/credits/credit.entity';

/** An enrolment of a user on a course, bought for a company; not started unless told. */
export async function makeEnrolment(
  em: Em,
  input: {
    userId: number;
    courseId: number;
    companyId: number;
    status?: EnrolmentStatus;
    score?: number | null;
    startedAt?: Date | null;
    passedAt?: Date | null;
    expiresAt?: Date | null;
    certificateCode?: string | null;
    /** When it was made (and last changed); now unless told. */
    createdAt?: Date;
  },
): Promise<IEnrolment> {
  const enrolment = em.create(Enrolment, {
    userId: input.userId,
    courseId: input.courseId,
    companyId: input.companyId,
    status: input.status ?? 'not_started',
    score: input.score ?? null,
    startedAt: input.startedAt ?? null,
    passedAt: input.passedAt ?? null,
    expiresAt: input.expiresAt ?? null,
    certificateCode: input.certificateCode ?? null,
    ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
  });
  await em.flush();
  return enrolment;
}

/** A company's credit account with this balance, and the purchase that explains it in the ledger (so the ledger sums to the balance). */
export async function makeCreditAccount(em: Em, companyId: number, balance: number): Promise<ICreditAccount> {
  const account = em.create(CreditAccount, { companyId, balance });
  if (balance !== 0)
    em.create(CreditTransaction, {
      companyId,
      delta: balance,
      kind: 'purchase',
      balanceAfter: balance,
      actorName: 'Shop',
      note: 'Opening balance',
    });
  await em.flush();
  return account;
}
