import { useEffect } from 'react';
import { publicSiteSettingsGet } from '@portal/contracts';
import { publishSiteSettings } from '@portal/frontend-kit';
import { api } from '../api/api-client';

/**
 * Reads the public part of the Site tab (`GET /api/site-settings`, a public route) once and
 * publishes it for `useSiteSettings()`: the sign-in page's help address and the footer. Until it
 * arrives, or if it cannot be read, the defaults show: the page still works.
 */
export function usePublicSiteSettings(): void {
  useEffect(() => {
    let isCurrent = true;
    api.call(publicSiteSettingsGet).then(
      ({ data }) => {
        if (isCurrent) publishSiteSettings(data);
      },
      (error: unknown) => console.warn('Could not load the site settings; showing the defaults', error),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
}
