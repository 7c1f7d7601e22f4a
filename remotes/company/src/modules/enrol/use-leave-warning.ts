import { useEffect, useRef, useState } from 'react';

const LEAVING_GRACE_MS = 1000;

/**
 * While `isActive`, leaving the page asks first (spec §4): closing or reloading the tab gets the
 * browser's own prompt (beforeunload), and a click on any link of the portal (the header's menu,
 * the page's own links) is held until the person chooses: `leave()` follows the link, `stay()`
 * drops it. Links are caught in the capture phase, before the shell turns them into navigations.
 */
export function useLeaveWarning(isActive: boolean) {
  const [pendingLink, setPendingLink] = useState<HTMLAnchorElement | null>(null);
  const isLeaving = useRef(false);

  useEffect(() => {
    if (!isActive) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (isLeaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    }
    function onClick(event: MouseEvent) {
      if (
        isLeaving.current ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download') || !anchor.href) return;
      if (anchor.dataset.leaveWarning === 'off') return;
      event.preventDefault();
      event.stopPropagation();
      setPendingLink(anchor);
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isActive]);

  function leave() {
    const link = pendingLink;
    setPendingLink(null);
    if (!link) return;
    // Stays set for a moment: a link that leaves the portal fires beforeunload after the click returns.
    isLeaving.current = true;
    link.click();
    window.setTimeout(() => {
      isLeaving.current = false;
    }, LEAVING_GRACE_MS);
  }

  return { isAsking: pendingLink !== null, leave, stay: () => setPendingLink(null) };
}
