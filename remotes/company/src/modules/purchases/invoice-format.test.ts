import { formatMinorUnits, invoiceItem } from './invoice-format';

describe('formatMinorUnits', () => {
  it.each([
    [1250, 'GBP', '£12.50'],
    [0, 'GBP', '£0.00'],
    [123456789, 'GBP', '£1,234,567.89'],
    [999, 'EUR', '€9.99'],
    [1250, 'USD', 'US$12.50'],
    [1250, 'JPY', 'JP¥1,250'],
    [1250, 'XQQ', 'XQQ 12.50'],
  ])('%i %s is %s', (amount, currency, expected) => {
    // Intl may separate a code from the figure with a no-break space.
    expect(formatMinorUnits(amount, currency).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});

describe('invoiceItem', () => {
  it('names the credits bought, singular for one', () => {
    expect(invoiceItem({ kind: 'credits', credits: 1, course_name: null })).toBe('1 credit');
    expect(invoiceItem({ kind: 'credits', credits: 2500, course_name: null })).toBe('2,500 credits');
  });
  it('names the course bought', () => {
    expect(invoiceItem({ kind: 'course', credits: null, course_name: 'Fire Safety Awareness' })).toBe('Fire Safety Awareness');
  });
});
