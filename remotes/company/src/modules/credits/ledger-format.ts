import type { LedgerEntry, LedgerKind } from '@portal/contracts';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  purchase: 'Purchase',
  enrolment: 'Enrolment',
  refund: 'Refund',
  're-enrolment': 'Re-enrolment',
  adjustment: 'Admin adjustment',
  transfer: 'Transfer',
};

/** Credits with their sign: "+25", "−3" (a true minus sign), "0". */
export function formatSignedCredits(amount: number): string {
  const figure = Math.abs(amount).toLocaleString('en-GB');
  if (amount > 0) return `+${figure}`;
  if (amount < 0) return `\u2212${figure}`;
  return figure;
}

/** What a movement belongs to: the shop order, the enrolment, and the other company of a transfer. */
export function ledgerReference(entry: Pick<LedgerEntry, 'kind' | 'amount' | 'order_id' | 'enrollment_id' | 'counterparty_name'>): string {
  const parts: string[] = [];
  if (entry.order_id) parts.push(`Order #${entry.order_id}`);
  if (entry.enrollment_id !== null) parts.push(`Enrolment #${entry.enrollment_id}`);
  if (entry.counterparty_name) {
    if (entry.kind === 'transfer') parts.push(`${entry.amount < 0 ? 'to' : 'from'} ${entry.counterparty_name}`);
    else parts.push(`for ${entry.counterparty_name}`);
  }
  return parts.join(' · ');
}
