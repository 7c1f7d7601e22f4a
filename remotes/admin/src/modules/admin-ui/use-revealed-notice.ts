import { useEffect, useRef } from 'react';

/**
 * A notice that answers a button at the foot of a long form sits at its top, out of view: whenever
 * `notice` changes to something, scroll its box into view and move focus there (screen readers read it).
 */
export function useRevealedNotice<T extends HTMLElement>(notice: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    if (!notice || !box) return;
    // jsdom has no scrollIntoView; every browser does.
    box.scrollIntoView?.({ block: 'start' });
    box.focus({ preventScroll: true });
  }, [notice]);
  return ref;
}
