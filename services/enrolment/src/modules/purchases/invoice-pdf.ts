import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatDate } from '@portal/contracts';
import type { IInvoice } from './invoice.entity';

const SELLER = 'Safety Training Portal';

/** An amount in minor units as money: 12345 GBP → £123.45. */
export function formatMoney(amountMinor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amountMinor / 100);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

/** The download's file name: `invoice-<order id>.pdf`, the order id kept to safe characters. */
export const invoiceFileName = (invoice: Pick<IInvoice, 'orderId'>) => `invoice-${invoice.orderId.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/** What was bought, in one line. */
export function invoiceItem(invoice: Pick<IInvoice, 'kind' | 'credits' | 'courseName'>): string {
  return invoice.kind === 'credits' ? `${invoice.credits ?? 0} training credits` : `Course: ${invoice.courseName ?? 'a course'}`;
}

/** The invoice's date line, in en-GB like every date people read: "Date: 14/07/2025". */
export const invoiceDateLine = (invoice: Pick<IInvoice, 'createdAt'>) => `Date: ${formatDate(invoice.createdAt)}`;

/** A one-page invoice PDF, streamed as pdfkit writes it. */
export function invoicePdf(invoice: IInvoice): ReadableStream<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.orderId}`, Author: SELLER } });
  const total = formatMoney(invoice.amountMinor, invoice.currency);
  doc.fontSize(22).text(SELLER).moveDown(0.5);
  doc.fontSize(16).text(`Invoice #${invoice.id}`).moveDown();
  doc.fontSize(11);
  doc.text(`Order: ${invoice.orderId}`);
  doc.text(invoiceDateLine(invoice));
  doc.text(`Billed to: ${invoice.customerName} <${invoice.customerEmail}>`).moveDown();
  const top = doc.y;
  doc.font('Helvetica-Bold').text('Item', 56, top).text('Amount', 400, top, { width: 139, align: 'right' });
  doc
    .moveTo(56, doc.y + 4)
    .lineTo(539, doc.y + 4)
    .stroke()
    .moveDown();
  const row = doc.y;
  doc.font('Helvetica').text(invoiceItem(invoice), 56, row, { width: 330 }).text(total, 400, row, { width: 139, align: 'right' });
  doc.moveDown(2).font('Helvetica-Bold').text(`Total paid: ${total}`, 56, doc.y, { width: 483, align: 'right' });
  doc.font('Helvetica').fontSize(9).moveDown(3).text('Paid in full through the shop. Thank you for your order.', 56);
  doc.end();
  return Readable.toWeb(doc) as ReadableStream<Uint8Array>;
}
