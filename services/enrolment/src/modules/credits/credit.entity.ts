import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { LEDGER_KINDS, type LedgerKind } from '@portal/contracts';

/** A company's balance; changed only together with a ledger row, under a row lock. */
export const CreditAccount = defineEntity({
  name: 'CreditAccount',
  tableName: 'credit_accounts',
  properties: (p) => ({
    companyId: p.integer().fieldName('company_id').primary(),
    balance: p.integer().default(0),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICreditAccount = InferEntity<typeof CreditAccount>;

export const CREDIT_KINDS = LEDGER_KINDS;
export type CreditKind = LedgerKind;

/**
 * One movement of a company's credits. The company's balance is always the sum of its rows, and
 * `balanceAfter` that sum up to and including this row. `note` is the reason the API shows.
 */
export const CreditTransaction = defineEntity({
  name: 'CreditTransaction',
  tableName: 'credit_transactions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().fieldName('company_id'),
    delta: p.integer(),
    kind: p.enum([...CREDIT_KINDS]),
    balanceAfter: p.integer().fieldName('balance_after'),
    actorUserId: p.integer().fieldName('actor_user_id').nullable(),
    actorName: p.string().fieldName('actor_name').length(191).default('System'),
    /** The other company of a transfer, or the depot whose enrolment a parent paid for. */
    counterpartyCompanyId: p.integer().fieldName('counterparty_company_id').nullable(),
    enrolmentId: p.integer().fieldName('enrollment_id').nullable(),
    orderId: p.string().fieldName('order_id').length(64).nullable(),
    note: p.string().length(255).nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  }),
});
export type ICreditTransaction = InferEntity<typeof CreditTransaction>;
