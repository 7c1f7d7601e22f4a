import { DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS, type SiteSettingKey, type SiteSettings } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { SiteSetting } from '../../data/site-setting.entity';

const isKey = (key: string): key is SiteSettingKey => (SITE_SETTING_KEYS as string[]).includes(key);

/** The platform settings: what was saved over the defaults (keys no longer known are ignored). */
export async function readSiteSettings(em: Em): Promise<SiteSettings> {
  const rows = await em.find(SiteSetting, {});
  const settings: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  for (const row of rows) if (isKey(row.key)) settings[row.key] = row.value;
  return settings;
}

/** Saves every setting (one row per key, in one transaction) and returns what is now in force. */
export async function saveSiteSettings(em: Em, input: SiteSettings, actorId: number, now: Date): Promise<SiteSettings> {
  await em.transactional(async (tx: Em) => {
    const existing = new Map((await tx.find(SiteSetting, {})).map((row) => [row.key, row]));
    for (const key of SITE_SETTING_KEYS) {
      const row = existing.get(key);
      if (row) Object.assign(row, { value: input[key], updatedById: actorId, updatedAt: now });
      else tx.create(SiteSetting, { key, value: input[key], updatedById: actorId, updatedAt: now });
    }
  });
  return readSiteSettings(em.fork());
}
