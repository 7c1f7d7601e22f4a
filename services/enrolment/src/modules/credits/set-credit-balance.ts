import type { Em } from '@portal/service-kit';
import { changeCredits, lockCreditAccount } from './credit.repository';

/** Sets a company's balance: the difference goes in the ledger as an adjustment (nothing when it is already so). */
export async function setCreditBalance(em: Em, companyId: number, balance: number, note: string): Promise<void> {
  await em.transactional(async (tx) => {
    const account = await lockCreditAccount(tx, companyId);
    const current = account?.balance ?? 0;
    if (current !== balance) await changeCredits(tx, { companyId, delta: balance - current, kind: 'adjustment', note });
  });
}
