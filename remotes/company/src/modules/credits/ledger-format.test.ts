import { formatSignedCredits, ledgerReference } from './ledger-format';

describe('formatSignedCredits', () => {
  it.each([
    [25, '+25'],
    [-3, '\u22123'],
    [0, '0'],
    [12000, '+12,000'],
  ])('%i is %s', (amount, text) => expect(formatSignedCredits(amount)).toBe(text));
});

describe('ledgerReference', () => {
  const entry = { kind: 'purchase' as const, amount: 10, order_id: null, enrollment_id: null, counterparty_name: null };
  it.each([
    [{ ...entry, order_id: 'WC-1001' }, 'Order #WC-1001'],
    [{ ...entry, kind: 'enrolment' as const, amount: -2, enrollment_id: 44 }, 'Enrolment #44'],
    [
      { ...entry, kind: 'enrolment' as const, amount: -2, enrollment_id: 45, counterparty_name: 'North Depot' },
      'Enrolment #45 · for North Depot',
    ],
    [{ ...entry, kind: 'transfer' as const, amount: -5, counterparty_name: 'North Depot' }, 'to North Depot'],
    [{ ...entry, kind: 'transfer' as const, amount: 5, counterparty_name: 'Demo Construction Ltd' }, 'from Demo Construction Ltd'],
    [{ ...entry, kind: 'adjustment' as const }, ''],
  ])('%o → %s', (row, text) => expect(ledgerReference(row)).toBe(text));
});
