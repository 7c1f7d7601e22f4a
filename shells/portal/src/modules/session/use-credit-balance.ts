import { useEffect, useState } from 'react';
import { creditBalance } from '@portal/contracts';
import { api } from '../api/api-client';

/** Pages dispatch this event after spending credits (e.g. enrolment) so the header refetches. */
export const CREDIT_BALANCE_CHANGED_EVENT = 'portal:credit-balance-changed';

/** The header's credit balance (non-learners only); null while loading or unavailable. */
export function useCreditBalance(isEnabled: boolean): number | null {
  const [balance, setBalance] = useState<number | null>(null);

  useEffect(() => {
    if (!isEnabled) return;
    let isCurrent = true;
    const load = () =>
      api.call(creditBalance).then(
        (data) => isCurrent && setBalance(data.credit_balance),
        (error: unknown) => console.warn('Could not load the credit balance', error),
      );
    void load();
    const onChanged = () => void load();
    window.addEventListener(CREDIT_BALANCE_CHANGED_EVENT, onChanged);
    return () => {
      isCurrent = false;
      window.removeEventListener(CREDIT_BALANCE_CHANGED_EVENT, onChanged);
    };
  }, [isEnabled]);

  return balance;
}
