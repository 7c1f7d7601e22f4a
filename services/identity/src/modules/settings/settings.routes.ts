import {
  publicSiteSettingsGet,
  publicSiteSettingsSchema,
  SITE_SETTINGS_MESSAGES,
  siteSettingsGet,
  siteSettingsUpdate,
} from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readSiteSettings, saveSiteSettings } from './site-settings';

/** Browsers and proxies may keep the public settings this long: a saved change shows within a minute. */
export const PUBLIC_SETTINGS_CACHE = 'public, max-age=60';

export function settingsRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(siteSettingsGet, async ({ em }) => ({ data: await readSiteSettings(em) }))
    .handle(siteSettingsUpdate, async ({ em, body, principal }) => ({
      success: true as const,
      message: SITE_SETTINGS_MESSAGES.saved,
      data: await saveSiteSettings(em, body, principal.userId, deps.now()),
    }))
    .handle(publicSiteSettingsGet, async ({ c, em }) => {
      c.header('Cache-Control', PUBLIC_SETTINGS_CACHE);
      // Only the public fields leave: the schema's pick drops the rest.
      return { data: publicSiteSettingsSchema.parse(await readSiteSettings(em)) };
    }).app;
}
