import { SITE_SETTINGS_MESSAGES, siteSettingsGet, siteSettingsUpdate } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { readSiteSettings, saveSiteSettings } from './site-settings';

export function settingsRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(siteSettingsGet, async ({ em }) => ({ data: await readSiteSettings(em) }))
    .handle(siteSettingsUpdate, async ({ em, body, principal }) => ({
      success: true as const,
      message: SITE_SETTINGS_MESSAGES.saved,
      data: await saveSiteSettings(em, body, principal.userId, deps.now()),
    })).app;
}
