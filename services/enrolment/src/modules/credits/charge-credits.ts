import { CREDIT_MESSAGES } from '@portal/contracts';
import { validationError, type CreditActor, type Em } from '@portal/service-kit';
import { CreditAccount } from './credit.entity';
import { addLedgerEntry, lockCreditAccount } from './credit.repository';

/** One enrolment to pay for: already written (flushed) in the same transaction. */
export interface EnrolmentCharge {
  enrollmentId: number;
  amount: number;
  kind: 'enrolment' | 're-enrolment';
}

export interface ChargeInput {
  /** The company (or depot) the enrolments are for. */
  companyId: number;
  charges: EnrolmentCharge[];
  actor: CreditActor;
  /** The field the 422 names when the credits do not reach (default `credits`). */
  errorField?: string;
}

export interface ChargeResult {
  /** The balance of `companyId` after the charge. */
  balanceAfter: number;
  /** How much each company paid (a depot's parent pays what the depot's balance does not cover). */
  paidFrom: { companyId: number; amount: number }[];
}

/**
 * Pays for enrolments inside the caller's transaction: locks the paying balance rows, refuses the
 * whole charge with 'You do not have enough credits for this enrollment' (422) when they do not
 * reach — the caller's transaction then rolls back the enrolments too — and writes one ledger row
 * per enrolment. Two charges at once on the same company wait for each other's lock, so a
 * balance never goes below 0.
 *
 * TODO(issue 9, credits part): depot → parent policy, balance_after and actor on the ledger rows.
 */
export async function chargeEnrolments(tx: Em, input: ChargeInput): Promise<ChargeResult> {
  const total = input.charges.reduce((sum, charge) => sum + charge.amount, 0);
  const account = (await lockCreditAccount(tx, input.companyId)) ?? tx.create(CreditAccount, { companyId: input.companyId, balance: 0 });
  if (account.balance - total < 0) throw validationError({ [input.errorField ?? 'credits']: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);
  account.balance -= total;
  for (const charge of input.charges) {
    if (charge.amount === 0) continue;
    addLedgerEntry(tx, { companyId: input.companyId, delta: -charge.amount, kind: 'enrolment', enrollmentId: charge.enrollmentId, note: charge.kind === 're-enrolment' ? 'Re-enrolment' : null });
  }
  return { balanceAfter: account.balance, paidFrom: [{ companyId: input.companyId, amount: total }] };
}

/**
 * Gives back what these enrolments cost, to whoever paid for them, inside the caller's
 * transaction (locks the balances). Returns the credits refunded.
 *
 * TODO(issue 9, credits part): refund to each payer by its ledger rows, with actor and reason.
 */
export async function refundEnrolments(tx: Em, input: { enrollmentIds: number[]; actor: CreditActor; reason: string }): Promise<number> {
  void tx;
  void input;
  throw new Error('refundEnrolments: not built yet (issue 9, credits part)');
}
