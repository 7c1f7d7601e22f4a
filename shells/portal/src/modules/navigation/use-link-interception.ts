import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isFullNavigation } from './full-navigation';

/**
 * Remote pages and design-system links render plain `<a href="/reporting">` (the design system has
 * no router). Same-origin clicks on portal routes become client-side navigations here.
 */
export function useLinkInterception(): void {
  const navigate = useNavigate();

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      const href = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      if (isFullNavigation(href)) return;
      event.preventDefault();
      void navigate(href);
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
