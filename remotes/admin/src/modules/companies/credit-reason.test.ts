import { companyUpdateBodySchema } from '@portal/contracts/schemas';
import { creditReasonInput, isBalanceChanged, requireCreditReason, withCreditReason } from './credit-reason';

const schema = companyUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(10));
const issues = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the credit balance reason', () => {
  it('is needed only when the balance changes', () => {
    expect(issues({ name: 'Acme', credit_balance: '10' })).toEqual([]);
    expect(issues({ name: 'Acme', credit_balance: '12', credit_reason: '  ' })).toEqual([
      'credit_reason: Give a reason for changing the credit balance.',
    ]);
    expect(issues({ name: 'Acme', credit_balance: '12', credit_reason: 'ok' })).toEqual([
      'credit_reason: Give a reason for changing the credit balance.',
    ]);
    expect(issues({ name: 'Acme', credit_balance: '12', credit_reason: 'Refund for order 12' })).toEqual([]);
  });

  it('goes with the body only beside a changed balance', () => {
    expect(withCreditReason({ credit_balance: 10, credit_reason: 'left over' }, 10)).toEqual({ credit_balance: 10 });
    expect(withCreditReason({ credit_balance: 12, credit_reason: 'Top-up' }, 10)).toEqual({ credit_balance: 12, credit_reason: 'Top-up' });
  });

  it.each([
    ['', 5, false],
    ['5', 5, false],
    ['6', 5, true],
    [0, 5, true],
  ])('typed %j against %i changed: %s', (typed, saved, changed) => expect(isBalanceChanged(typed, saved)).toBe(changed));
});
