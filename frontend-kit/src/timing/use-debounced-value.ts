import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `ms` (spec §9 names the delays: DEBOUNCE_MS).
 * Each change restarts the wait; unmounting drops a pending update.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
