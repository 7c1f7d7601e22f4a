import type { AuditLog, CreditActor, Em } from '@portal/service-kit';
import { lockCreditAccounts, moveCredits, openedAccountOf, SYSTEM_ACTOR } from './credit.repository';

/**
 * Sets a company's balance (an admin's change of credit_balance): the difference goes in the
 * ledger as an adjustment with who did it and why; nothing when the balance is already so.
 */
export async function setCreditBalance(
  em: Em,
  companyId: number,
  balance: number,
  note: string,
  actor: CreditActor = SYSTEM_ACTOR,
  audit?: AuditLog,
): Promise<void> {
  await em.transactional(async (tx) => {
    const account = openedAccountOf(await lockCreditAccounts(tx, [companyId], { open: true }), companyId);
    if (account.balance === balance) return;
    await audit?.record(
      {
        actor,
        action: 'credits.changed',
        companyId,
        subject: { type: 'company', id: companyId },
        details: { kind: 'adjustment', from: account.balance, to: balance, reason: note },
      },
      { em: tx },
    );
    moveCredits(tx, account, { delta: balance - account.balance, kind: 'adjustment', note, actor });
  });
}
