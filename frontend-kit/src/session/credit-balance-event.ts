/** Pages dispatch this on window after spending credits (e.g. enrolment) so the shell's header refetches the balance. */
export const CREDIT_BALANCE_CHANGED_EVENT = 'portal:credit-balance-changed';

/** Tells the shell the company's credit balance changed. */
export function announceCreditBalanceChanged(): void {
  window.dispatchEvent(new Event(CREDIT_BALANCE_CHANGED_EVENT));
}
