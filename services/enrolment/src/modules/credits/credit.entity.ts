import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A company's balance; changed only together with a ledger row, under a row lock. */
export const CreditAccount = defineEntity({
  name: 'CreditAccount',
  tableName: 'credit_accounts',
  properties: (p) => ({
    companyId: p.integer().fieldName('company_id').primary(),
    balance: p.integer().default(0),
    updatedAt: p.datetime().fieldName('updated_at').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
export type ICreditAccount = InferEntity<typeof CreditAccount>;

export const CREDIT_KINDS = ['purchase', 'enrolment', 'refund', 'adjustment'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const CreditTransaction = defineEntity({
  name: 'CreditTransaction',
  tableName: 'credit_transactions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().fieldName('company_id'),
    delta: p.integer(),
    kind: p.enum([...CREDIT_KINDS]),
    enrollmentId: p.integer().fieldName('enrollment_id').nullable(),
    orderId: p.string().fieldName('order_id').length(64).nullable(),
    note: p.string().length(255).nullable(),
    createdAt: p.datetime().fieldName('created_at').onCreate(() => new Date()),
  }),
});
export type ICreditTransaction = InferEntity<typeof CreditTransaction>;
