import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const INVOICE_KINDS = ['credits', 'course'] as const;

/**
 * A paid shop order, one per order id (unique: the webhook's idempotency rests on it). A credits
 * order belongs to a company; a course order to the purchased learner (and the default company).
 * The course name is kept as bought: an invoice does not change when the course is renamed.
 */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    orderId: p.string().fieldName('order_id').length(64).unique(),
    kind: p.enum([...INVOICE_KINDS]),
    companyId: p.integer().fieldName('company_id').nullable(),
    userId: p.integer().fieldName('user_id').nullable(),
    credits: p.integer().nullable(),
    courseId: p.integer().fieldName('course_id').nullable(),
    courseName: p.string().fieldName('course_name').length(191).nullable(),
    customerName: p.string().fieldName('customer_name').length(191),
    customerEmail: p.string().fieldName('customer_email').length(191),
    amountMinor: p.integer().fieldName('amount_minor'),
    currency: p.string().length(3),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  }),
});
export type IInvoice = InferEntity<typeof Invoice>;
