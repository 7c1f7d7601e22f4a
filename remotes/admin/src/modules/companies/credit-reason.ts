import { z } from 'zod';
import { CREDIT_MESSAGES } from '@portal/contracts';
import { creditReasonField } from '@portal/contracts/schemas';

/** A blank reason box is no reason (rather than a too-short one). */
export const creditReasonInput = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  creditReasonField.optional(),
);

interface BalanceValues {
  credit_balance?: number | undefined;
  credit_reason?: string | undefined;
}

/** Whether the typed balance differs from the saved one (a blank box counts as unchanged). */
export function isBalanceChanged(typed: unknown, saved: number): boolean {
  if (typed === '' || typed === undefined || typed === null) return false;
  return Number(typed) !== saved;
}

/** A change of the credit balance needs a reason: it becomes the ledger's adjustment row. */
export const requireCreditReason =
  (saved: number) =>
  (values: BalanceValues, ctx: z.RefinementCtx): void => {
    if (isBalanceChanged(values.credit_balance, saved) && !values.credit_reason) {
      ctx.addIssue({ code: 'custom', path: ['credit_reason'], message: CREDIT_MESSAGES.reasonRequired });
    }
  };

/** The body to send: the reason only goes with a changed balance. */
export function withCreditReason<T extends BalanceValues>(values: T, saved: number): T {
  if (isBalanceChanged(values.credit_balance, saved)) return values;
  const { credit_reason: _unused, ...rest } = values;
  return rest as T;
}
