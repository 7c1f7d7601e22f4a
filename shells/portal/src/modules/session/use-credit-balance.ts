import { useEffect, useState } from 'react';
import { creditBalance } from '@portal/contracts';
import { CREDIT_BALANCE_CHANGED_EVENT } from '@portal/frontend-kit';
import { api } from '../api/api-client';

/** Pages dispatch this (frontend-kit `announceCreditBalanceChanged`) after spending credits, so the header refetches. */
export { CREDIT_BALANCE_CHANGED_EVENT };

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
