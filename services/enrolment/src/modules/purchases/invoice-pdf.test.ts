import { describe, expect, it } from 'vitest';
import { formatMoney, invoiceDateLine } from './invoice-pdf';

describe('invoice PDF text', () => {
  it('dates the invoice dd/mm/yyyy (en-GB), not 2025-07-14 (issue 24 item 14)', () => {
    expect(invoiceDateLine({ createdAt: new Date('2025-07-14T09:30:00Z') })).toBe('Date: 14/07/2025');
  });
  it('writes amounts as money', () => {
    expect(formatMoney(30000, 'GBP')).toBe('£300.00');
  });
});
