import type { MouseEvent } from 'react';

/**
 * "Skip to content": moves keyboard focus to the page's main region. Following `#main` alone is
 * not enough here: the portal shell turns same-origin link clicks into router navigations (which
 * never move focus), and some browsers scroll without focusing. So the click focuses the target
 * itself (made focusable by tabIndex -1 if the shell forgot) and keeps the address as it was.
 */
export function SkipLink({ className, targetId = 'main' }: { className: string; targetId?: string }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  }
  return (
    <a className={className} href={`#${targetId}`} onClick={onClick} data-testid="skip-link">
      Skip to content
    </a>
  );
}
