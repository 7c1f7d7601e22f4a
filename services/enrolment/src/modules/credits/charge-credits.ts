import { CREDIT_MESSAGES } from '@portal/contracts';
import { validationError, type CreditActor, type Em, type IdentityPort } from '@portal/service-kit';
import type { ICreditTransaction } from './credit.entity';
import { enrolmentMovementsOf, lockCreditAccounts, moveCredits, openedAccountOf } from './credit.repository';

/** One enrolment to pay for: already written (flushed) in the same transaction. */
export interface EnrolmentCharge {
  enrolmentId: number;
  amount: number;
  kind: 'enrolment' | 're-enrolment';
}

export interface ChargeInput {
  /** The company (or depot) the enrolments are for. */
  companyId: number;
  /**
   * The parent company of `companyId` when it is a depot (from `creditPayersOf`, asked BEFORE the
   * transaction opens). Left out (or null), only the company's own balance pays.
   *
   * Why an input and not a port call here: the caller opens the transaction, and a port must never
   * be called inside an open one (on SQLite the port would wait for the one connection this
   * transaction holds: a deadlock).
   */
  parentCompanyId?: number | null;
  /** The manager's choice for a depot's enrolments: its parent pays all of it, the depot's own balance nothing. */
  payFromParent?: boolean;
  charges: EnrolmentCharge[];
  actor: CreditActor;
  /** The field the 422 names when the credits do not reach (default `credits`). */
  errorField?: string;
  /** When the rows are written (deps.now()); now unless given. */
  at?: Date;
}

export interface ChargeResult {
  /** The balance of `companyId` after the charge. */
  balanceAfter: number;
  /** How much each company paid (a depot's parent pays what the depot's balance does not cover). */
  paidFrom: { companyId: number; amount: number }[];
}

/**
 * Who may pay for an enrolment of this company: itself, and its parent when it is a depot. Call it
 * before opening the transaction, and pass `parentCompanyId` to `chargeEnrolments`.
 */
export async function creditPayersOf(
  identity: Pick<IdentityPort, 'companyById'>,
  companyId: number,
): Promise<{ companyId: number; parentCompanyId: number | null }> {
  const company = await identity.companyById(companyId);
  return { companyId, parentCompanyId: company?.parentId ?? null };
}

/**
 * How much of one charge the company's own balance pays and how much its parent pays: the own
 * balance first (all of it from the parent when the manager chose so and there is a parent).
 * The one rule shared by the charge and the wizard's quote, so step 3 shows what finalise takes.
 */
export function shareOfCharge(amount: number, ownBalance: number, options: { hasParent: boolean; payFromParent: boolean }) {
  const own = options.hasParent && options.payFromParent ? 0 : Math.max(0, Math.min(amount, ownBalance));
  return { own, parent: amount - own };
}

/**
 * Pays for enrolments inside the caller's transaction. Policy (docs/decisions.md): a depot's
 * enrolment spends the depot's own balance first, then its parent company's for the rest; the
 * parent's rows name the depot as counterparty. Both balance rows are locked (ascending id) for
 * the rest of the transaction; when together they do not reach, the whole charge is refused with
 * 'You do not have enough credits for this enrollment' (422) and the caller's transaction rolls
 * back the enrolments too. One ledger row per enrolment and payer. Two charges at once on the
 * same company wait for each other's lock, so a balance never goes below 0.
 */
export async function chargeEnrolments(tx: Em, input: ChargeInput): Promise<ChargeResult> {
  const parentId = input.parentCompanyId != null && input.parentCompanyId !== input.companyId ? input.parentCompanyId : null;
  const charges = input.charges.filter((charge) => charge.amount > 0);
  const total = charges.reduce((sum, charge) => sum + charge.amount, 0);
  const accounts = await lockCreditAccounts(tx, parentId === null ? [input.companyId] : [input.companyId, parentId]);
  const own = accounts.get(input.companyId);
  const parent = parentId === null ? undefined : accounts.get(parentId);
  const ownBalance = own?.balance ?? 0;
  if (ownBalance + (parent?.balance ?? 0) < total) {
    throw validationError({ [input.errorField ?? 'credits']: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);
  }

  let fromOwn = 0;
  let fromParent = 0;
  const payFromParent = parentId !== null && Object.hasOwn(input, 'payFromParent') && input.payFromParent === true;
  if (payFromParent && (parent?.balance ?? 0) < total) {
    throw validationError({ [input.errorField ?? 'credits']: [CREDIT_MESSAGES.notEnough] }, CREDIT_MESSAGES.notEnough);
  }
  for (const charge of charges) {
    const { own: ownShare, parent: parentShare } = shareOfCharge(charge.amount, own?.balance ?? 0, {
      hasParent: parentId !== null,
      payFromParent,
    });
    const common = {
      kind: charge.kind,
      enrolmentId: charge.enrolmentId,
      actor: input.actor,
      ...(input.at ? { createdAt: input.at } : {}),
    };
    if (own && ownShare > 0) {
      moveCredits(tx, own, { ...common, delta: -ownShare, note: charge.kind === 're-enrolment' ? 'Re-enrolment' : null });
      fromOwn += ownShare;
    }
    if (parentShare > 0) {
      if (!parent) throw new Error('A charge beyond the company’s own credits needs its parent’s account (the balance check above).');
      moveCredits(tx, parent, { ...common, delta: -parentShare, counterpartyCompanyId: input.companyId, note: 'Enrolment for a depot' });
      fromParent += parentShare;
    }
  }
  await tx.flush();
  const paidFrom = [{ companyId: input.companyId, amount: fromOwn }];
  if (parentId !== null && fromParent > 0) paidFrom.push({ companyId: parentId, amount: fromParent });
  return { balanceAfter: own?.balance ?? 0, paidFrom };
}

/**
 * Gives back what these enrolments cost, to whoever paid for them (a depot and, for the rest, its
 * parent), inside the caller's transaction: each payer's net spend on each enrolment — its
 * enrolment rows less what was already refunded — comes back as one refund row, under the payers'
 * locks. Refunding twice gives nothing the second time. Returns the credits refunded.
 */
export async function refundEnrolments(
  tx: Em,
  input: { enrolmentIds: number[]; actor: CreditActor; reason: string; at?: Date },
): Promise<number> {
  const movements = await enrolmentMovementsOf(tx, [...new Set(input.enrolmentIds)]);
  // Net spend per enrolment and payer (spends are negative, refunds positive).
  const owed = new Map<string, { enrolmentId: number; companyId: number; counterpartyCompanyId: number | null; amount: number }>();
  for (const row of movements as ICreditTransaction[]) {
    const key = `${row.enrolmentId}:${row.companyId}`;
    const { enrolmentId } = row;
    if (enrolmentId == null) throw new Error(`Ledger row ${row.id} was read as an enrolment's movement but names no enrolment.`);
    const entry = owed.get(key) ?? { enrolmentId, companyId: row.companyId, counterpartyCompanyId: null, amount: 0 };
    entry.amount -= row.delta;
    if (row.kind !== 'refund' && row.counterpartyCompanyId != null) entry.counterpartyCompanyId = row.counterpartyCompanyId;
    owed.set(key, entry);
  }
  const refunds = [...owed.values()].filter((entry) => entry.amount > 0);
  if (refunds.length === 0) return 0;
  const accounts = await lockCreditAccounts(
    tx,
    refunds.map((entry) => entry.companyId),
    { open: true },
  );
  let refunded = 0;
  for (const entry of refunds) {
    moveCredits(tx, openedAccountOf(accounts, entry.companyId), {
      delta: entry.amount,
      kind: 'refund',
      enrolmentId: entry.enrolmentId,
      counterpartyCompanyId: entry.counterpartyCompanyId,
      actor: input.actor,
      note: input.reason,
      ...(input.at ? { createdAt: input.at } : {}),
    });
    refunded += entry.amount;
  }
  await tx.flush();
  return refunded;
}
