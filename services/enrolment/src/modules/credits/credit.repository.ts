import { LockMode } from '@mikro-orm/core';
import type { Em } from '@portal/service-kit';
import { CreditAccount, CreditTransaction, type CreditKind, type ICreditAccount, type ICreditTransaction } from './credit.entity';

/** Every query about credit balances and the credit ledger. */

export async function creditBalanceOf(em: Em, companyId: number): Promise<number> {
  const account = await em.findOne(CreditAccount, { companyId });
  return account?.balance ?? 0;
}

/** Balances by company id; a company without an account has none in the map. */
export async function creditBalancesOf(em: Em, companyIds: number[]): Promise<Map<number, number>> {
  const accounts = companyIds.length ? await em.find(CreditAccount, { companyId: { $in: [...new Set(companyIds)] } }) : [];
  return new Map(accounts.map((a) => [a.companyId, a.balance]));
}

/** A company's account under a row lock until the transaction ends, so no one else spends from it meanwhile. */
export function lockCreditAccount(em: Em, companyId: number): Promise<ICreditAccount | null> {
  return em.findOne(CreditAccount, { companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** The ledger rows that paid for these enrolments. */
export async function enrolmentSpendsOf(em: Em, enrollmentIds: number[]): Promise<ICreditTransaction[]> {
  if (enrollmentIds.length === 0) return [];
  return em.find(CreditTransaction, { enrollmentId: { $in: enrollmentIds }, kind: 'enrolment' });
}

export interface LedgerEntry {
  companyId: number;
  delta: number;
  kind: CreditKind;
  enrollmentId?: number | null;
  note?: string | null;
}

/** A ledger row, written with the entity manager's next flush; the balance changes with it, under its lock. */
export function addLedgerEntry(em: Em, entry: LedgerEntry): ICreditTransaction {
  return em.create(CreditTransaction, {
    companyId: entry.companyId,
    delta: entry.delta,
    kind: entry.kind,
    enrollmentId: entry.enrollmentId ?? null,
    note: entry.note ?? null,
  });
}

/** Changes a balance and writes its ledger row in one transaction, under a row lock. */
export async function changeCredits(em: Em, entry: LedgerEntry): Promise<void> {
  await em.transactional(async (tx) => {
    const account = (await lockCreditAccount(tx, entry.companyId)) ?? tx.create(CreditAccount, { companyId: entry.companyId, balance: 0 });
    account.balance += entry.delta;
    addLedgerEntry(tx, entry);
  });
}
