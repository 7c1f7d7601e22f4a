import {
  CREDIT_MESSAGES,
  fillPath,
  invoicePdf as invoicePdfRoute,
  purchaseHistory,
  shopOrder,
  type Invoice as InvoiceItem,
} from '@portal/contracts';
import { createServiceRouter, mapPage, notFound, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { IInvoice } from './invoice.entity';
import { invoiceOf, listInvoices, type InvoiceOwner } from './invoice.repository';
import { invoiceFileName, invoicePdf } from './invoice-pdf';
import { recordShopOrder } from './record-shop-order';

/** Managers and admins see their (or the mimicked) company's invoices; a learner only their own purchases. */
const ownerOf = (principal: Principal): InvoiceOwner =>
  principal.role === 'learner' ? { userId: principal.userId } : { companyId: principal.companyId };

const toInvoiceItem = (invoice: IInvoice): InvoiceItem => ({
  id: invoice.id,
  order_id: invoice.orderId,
  created_at: invoice.createdAt.toISOString(),
  kind: invoice.kind,
  credits: invoice.credits ?? null,
  course_name: invoice.courseName ?? null,
  amount_minor: invoice.amountMinor,
  currency: invoice.currency,
  order_pdf: fillPath(invoicePdfRoute.path, { id: invoice.id }),
});

export function purchaseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(shopOrder, async ({ em, body }) => {
      const { invoice, duplicate } = await recordShopOrder(em, deps, body);
      return {
        success: true as const,
        message: duplicate ? CREDIT_MESSAGES.orderSeen : CREDIT_MESSAGES.orderRecorded,
        invoice_id: invoice.id,
        duplicate,
      };
    })
    .handle(purchaseHistory, async ({ c, em, principal, query }) =>
      mapPage(await listInvoices(em, ownerOf(principal), query, c.req.url), (rows) => rows.map(toInvoiceItem)),
    )
    .handle(invoicePdfRoute, async ({ c, em, principal, params }) => {
      const invoice = await invoiceOf(em, ownerOf(principal), params.id);
      if (!invoice) throw notFound('That invoice');
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${invoiceFileName(invoice)}"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(invoicePdf(invoice));
    }).app;
}
