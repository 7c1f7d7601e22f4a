import type { ListQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em } from '@portal/service-kit';
import { Invoice, type IInvoice } from './invoice.entity';
import { invoiceIdsQuery } from './purchases.statements';

/** Every query about invoices. */

/** Whose invoices a caller sees: a company's (managers, admins) or one learner's own. */
export type InvoiceOwner = { companyId: number } | { userId: number };

export type InvoiceSort = 'id' | 'created_at' | 'amount';

export function invoiceByOrderId(em: Em, orderId: string): Promise<IInvoice | null> {
  return em.findOne(Invoice, { orderId });
}

/** One invoice, only if it belongs to this owner (anyone else's is as good as missing). */
export function invoiceOf(em: Em, owner: InvoiceOwner, id: number): Promise<IInvoice | null> {
  return em.findOne(Invoice, { id, ...owner });
}

/** One page of an owner's invoices; the search finds the order id or the course. */
export async function listInvoices(em: Em, owner: InvoiceOwner, query: ListQuery<InvoiceSort>, url: string): Promise<Page<IInvoice>> {
  const base = invoiceIdsQuery(em, owner);
  const page = await listPage<{ id: number }, InvoiceSort>(base, query, {
    search: ['i.order_id', 'i.course_name'],
    sort: { id: 'i.id', created_at: 'i.created_at', amount: 'i.amount_minor' },
    id: 'i.id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    return inIdOrder(ids, ids.length ? await em.find(Invoice, { id: { $in: ids } }) : []);
  });
}
