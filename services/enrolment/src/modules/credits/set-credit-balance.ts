import type { AuditLog, CreditActor, Em } from '@portal/service-kit';
import { lockCreditAccounts, moveCredits, openedAccountOf, SYSTEM_ACTOR } from './credit.repository';

export interface CreditBalanceChange {
  companyId: number;
  balance: number;
  /** Why: the ledger's note and the audit entry's reason. */
  note: string;
  actor?: CreditActor;
  /** Records the change in the audit log, in the same transaction. */
  audit?: AuditLog;
}

/**
 * Sets a company's balance (an admin's change of credit_balance): the difference goes in the
 * ledger as an adjustment with who did it and why; nothing when the balance is already so.
 */
export async function changeCreditBalance(em: Em, change: CreditBalanceChange): Promise<void> {
  const { companyId, balance, note, actor = SYSTEM_ACTOR, audit } = change;
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

/** changeCreditBalance without an audit entry. */
export function setCreditBalance(
  em: Em,
  companyId: number,
  balance: number,
  note: string,
  actor: CreditActor = SYSTEM_ACTOR,
): Promise<void> {
  return changeCreditBalance(em, { companyId, balance, note, actor });
}
