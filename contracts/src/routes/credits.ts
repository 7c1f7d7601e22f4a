import { z } from 'zod';
import { decimal, defineRoute, idParam } from '../route';
import { listQuery, pageSchema, REPORTING_LIST_PARAMS } from '../list';

/**
 * Credits (issue 9): the ledger of every company and depot, transfers to depots, the shop's paid
 * orders and the invoices they become. Every movement of a balance is one ledger row; the balance
 * always equals the sum of its company's rows.
 */

export const CREDIT_MESSAGES = {
  notEnough: 'You do not have enough credits for this enrollment',
  reasonRequired: 'Give a reason for changing the credit balance.',
  transferred: 'Credits transferred to the depot.',
  notADepot: 'That company is not one of your depots.',
  notEnoughToTransfer: 'You do not have that many credits to transfer.',
  noPurchases: "You haven't purchased anything yet.",
  noMatchingInvoices: 'No invoices were found matching your request.',
  badSignature: 'The order signature is missing or wrong.',
  orderRecorded: 'The order was recorded.',
  orderSeen: 'This order was already recorded.',
} as const;

export const LEDGER_KINDS = ['purchase', 'enrolment', 'refund', 're-enrolment', 'adjustment', 'transfer'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const creditReasonField = z
  .string({ error: CREDIT_MESSAGES.reasonRequired })
  .trim()
  .min(3, CREDIT_MESSAGES.reasonRequired)
  .max(255, 'The reason may not be longer than 255 characters.');

/** One ledger row as a manager or admin sees it. `amount` is signed: + in, − out. */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** Who did it: the person's name, or 'Shop' / 'System'. */
  actor_name: z.string(),
  reason: z.string().nullable(),
  enrollment_id: z.number().int().nullable(),
  order_id: z.string().nullable(),
  /** The other company of a transfer, or the depot an enrolment of the parent's credits was for. */
  counterparty_name: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_SORTABLE = ['created_at', 'amount', 'kind'] as const;
export const creditLedgerQuery = listQuery({
  sortable: LEDGER_SORTABLE,
  defaultSort: 'created_at',
  defaultDir: 'desc',
  perPage: { default: 15 },
  names: REPORTING_LIST_PARAMS,
  filters: { kind: z.enum(LEDGER_KINDS, { error: `Filter by one of: ${LEDGER_KINDS.join(', ')}.` }).optional() },
});

export const creditLedger = defineRoute({
  name: 'credits.ledger',
  method: 'GET',
  path: '/api/company/{companyId}/credit-ledger',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'A company’s credit ledger, newest first; search finds the reason, the order id and who did it.',
  params: z.object({ companyId: idParam }),
  query: creditLedgerQuery,
  response: pageSchema(ledgerEntrySchema),
});

/**
 * Whose credits an enrolment for this company spends (decisions: a depot spends its own balance
 * first, then its parent company's), for the wizard's finalise step.
 */
export const creditSourcesSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  balance: z.number().int(),
  parent: z.object({ id: z.number().int(), name: z.string(), balance: z.number().int() }).nullable(),
  /** What an enrolment for this company may spend in total: its balance plus its parent’s. */
  available: z.number().int(),
});
export type CreditSources = z.infer<typeof creditSourcesSchema>;

export const creditSources = defineRoute({
  name: 'credits.sources',
  method: 'GET',
  path: '/api/company/{companyId}/credits',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'The balance an enrolment for this company (or depot) can spend, and from whom.',
  params: z.object({ companyId: idParam }),
  response: z.object({ data: creditSourcesSchema }),
});

export const creditTransferBodySchema = z.object({
  depot_id: decimal(z.number({ error: 'Choose a depot.' }).int('Choose a depot.').positive('Choose a depot.')),
  amount: decimal(
    z
      .number({ error: 'Enter a number of credits.' })
      .int('Enter a whole number of credits.')
      .min(1, 'Transfer at least 1 credit.')
      .max(1_000_000, 'Transfer at most 1,000,000 credits.'),
  ),
  reason: creditReasonField.optional(),
});

export const creditTransfer = defineRoute({
  name: 'credits.transfer',
  method: 'POST',
  path: '/api/company/{companyId}/credits/transfer',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'Moves credits from a company to one of its depots: two ledger rows in one transaction.',
  params: z.object({ companyId: idParam }),
  body: creditTransferBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), balance: z.number().int(), depot_balance: z.number().int() }),
});

/**
 * A paid order from the shop. `kind: 'credits'` adds credits to a company found by `company_id`
 * or by its main account email (`customer_email`); `kind: 'course'` makes an individual's
 * purchased learner account (wp_user) enrolled on the course (`course_id` or `sku`).
 */
export const shopOrderBodySchema = z
  .object({
    order_id: z.string().trim().min(1, 'The order id is required.').max(64, 'The order id may not be longer than 64 characters.'),
    kind: z.enum(['credits', 'course'], { error: 'The order kind must be credits or course.' }),
    company_id: z.number().int().positive().optional(),
    customer_name: z.string().trim().min(1).max(191),
    customer_email: z
      .email({ error: 'The customer email is not valid.' })
      .max(191)
      .transform((v) => v.toLowerCase()),
    credits: z.number().int().min(1).max(1_000_000).optional(),
    course_id: z.number().int().positive().optional(),
    sku: z.string().trim().min(1).max(64).optional(),
    /** The amount paid, in minor units (pence). */
    amount_minor: z.number().int().min(0).max(1_000_000_000),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'The currency is a 3-letter code.')
      .default('GBP'),
    paid_at: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((order, ctx) => {
    if (order.kind === 'credits' && order.credits == null)
      ctx.addIssue({ code: 'custom', path: ['credits'], message: 'A credits order names its credits.' });
    if (order.kind === 'course' && order.course_id == null && order.sku == null) {
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'A course order names its course_id or sku.' });
    }
  });
export type ShopOrder = z.infer<typeof shopOrderBodySchema>;

export const SHOP_SIGNATURE_HEADER = 'X-Shop-Signature';

export const shopOrder = defineRoute({
  name: 'shop.orders',
  method: 'POST',
  path: '/api/shop/orders',
  service: 'enrolment',
  access: 'public',
  xsrf: 'shop-signature',
  summary:
    'The shop reports a paid order: the raw JSON body signed with HMAC-SHA256 (hex) in X-Shop-Signature. A bad or missing signature is 401; an order id seen before changes nothing (200).',
  body: shopOrderBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), invoice_id: z.number().int(), duplicate: z.boolean() }),
});

export const invoiceSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  created_at: z.string(),
  /** 'credits' or 'course'. */
  kind: z.enum(['credits', 'course']),
  credits: z.number().int().nullable(),
  course_name: z.string().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** Where the invoice PDF downloads from. */
  order_pdf: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORTABLE = ['id', 'created_at', 'amount'] as const;
export const purchaseHistoryQuery = listQuery({
  sortable: INVOICE_SORTABLE,
  defaultSort: 'id',
  defaultDir: 'desc',
  perPage: { default: 10 },
  names: REPORTING_LIST_PARAMS,
});

export const purchaseHistory = defineRoute({
  name: 'purchases.list',
  method: 'GET',
  path: '/api/purchase-history',
  service: 'enrolment',
  access: ['manager', 'admin', 'learner'],
  summary:
    'Invoices of the caller’s company (managers) or of the caller’s own purchases (purchased learners); search finds the order id or course.',
  query: purchaseHistoryQuery,
  response: pageSchema(invoiceSchema),
});

export const invoicePdf = defineRoute({
  name: 'purchases.invoicePdf',
  method: 'GET',
  path: '/api/purchase-history/{id}/pdf',
  service: 'enrolment',
  access: ['manager', 'admin', 'learner'],
  summary: 'One invoice as a PDF, if it is the caller’s company’s or the caller’s own.',
  params: z.object({ id: idParam }),
  responseType: 'file',
  response: z.unknown(),
});

export const creditRoutes = [creditLedger, creditSources, creditTransfer, shopOrder, purchaseHistory, invoicePdf] as const;
