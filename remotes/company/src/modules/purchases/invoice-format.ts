import type { Invoice } from '@portal/contracts';

/**
 * An amount in minor units (pence) as en-GB money in its currency: 1250 GBP → "£12.50",
 * 1250 JPY → "¥1,250". The currency's own number of decimals decides the divisor.
 */
export function formatMinorUnits(amountMinor: number, currency: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  } catch {
    // A code Intl does not know: show the figure with the code rather than fail the page.
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** What an invoice was for: "25 credits" or the course's name. */
export function invoiceItem(invoice: Pick<Invoice, 'kind' | 'credits' | 'course_name'>): string {
  if (invoice.kind === 'credits') {
    const credits = invoice.credits ?? 0;
    return `${credits.toLocaleString('en-GB')} credit${credits === 1 ? '' : 's'}`;
  }
  return invoice.course_name ?? 'Course';
}
