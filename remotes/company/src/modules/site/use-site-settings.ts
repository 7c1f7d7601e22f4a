import { DEFAULT_SITE_SETTINGS, shell, type ApiClient, type SiteSettings } from '@portal/contracts';
import { useApiQuery } from '@portal/frontend-kit';

// One request per API client for every component of the page that asks.
const asked = new WeakMap<ApiClient, Promise<SiteSettings>>();

function siteSettingsOf(api: ApiClient): Promise<SiteSettings> {
  let settings = asked.get(api);
  if (!settings) {
    settings = api.call(shell).then((answer) => answer.settings);
    // A failed answer is asked again next time rather than remembered.
    settings.catch(() => asked.delete(api));
    asked.set(api, settings);
  }
  return settings;
}

/**
 * The Site tab's settings (help email, shop and credit purchase addresses) from the same answer the
 * shell's header and footer read (`/api/shell`). Until it lands, or if it fails, the defaults.
 * (frontend-kit is getting a shared `useSiteSettings()`; this local one can give way to it.)
 */
export function useSiteSettings(api: ApiClient): SiteSettings {
  const query = useApiQuery('site-settings', () => siteSettingsOf(api));
  return query.status === 'success' ? query.data : DEFAULT_SITE_SETTINGS;
}
