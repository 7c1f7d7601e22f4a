import { CREDIT_MESSAGES } from '@portal/contracts';
import { validationError, type CreditActor, type Em, type IdentityPort } from '@portal/service-kit';
import { lockCreditAccounts, moveCredits, openedAccountOf } from './credit.repository';

export interface TransferInput {
  fromCompanyId: number;
  depotId: number;
  amount: number;
  reason?: string | undefined;
  actor: CreditActor;
  at: Date;
}

/**
 * Moves credits from a company to one of its own depots: both accounts locked (ascending id), two
 * transfer rows naming each other, in one transaction; refused when the company's balance would
 * go below 0. The depot's parent is asked of identity before the transaction opens.
 */
export async function transferCredits(
  em: Em,
  identity: Pick<IdentityPort, 'companyById'>,
  input: TransferInput,
): Promise<{ balance: number; depotBalance: number }> {
  const depot = input.depotId === input.fromCompanyId ? null : await identity.companyById(input.depotId);
  if (!depot || depot.parentId !== input.fromCompanyId) throw validationError({ depot_id: [CREDIT_MESSAGES.notADepot] });
  return em.transactional(async (tx) => {
    const accounts = await lockCreditAccounts(tx, [input.fromCompanyId, input.depotId], { open: true });
    const from = openedAccountOf(accounts, input.fromCompanyId);
    const to = openedAccountOf(accounts, input.depotId);
    if (from.balance < input.amount) throw validationError({ amount: [CREDIT_MESSAGES.notEnoughToTransfer] });
    const note = input.reason ?? null;
    moveCredits(tx, from, {
      delta: -input.amount,
      kind: 'transfer',
      counterpartyCompanyId: to.companyId,
      actor: input.actor,
      note,
      createdAt: input.at,
    });
    moveCredits(tx, to, {
      delta: input.amount,
      kind: 'transfer',
      counterpartyCompanyId: from.companyId,
      actor: input.actor,
      note,
      createdAt: input.at,
    });
    return { balance: from.balance, depotBalance: to.balance };
  });
}
