import { useSyncExternalStore } from 'react';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@portal/contracts';

/**
 * The Site tab's settings (help email, shop and credit addresses, footer links, rating texts) for
 * any shell or remote. The shell publishes what the server sent (the portal shell from
 * `GET /api/shell`, the public shell from `GET /api/site-settings`); pages read them with
 * `useSiteSettings()`. Until something is published (or for fields a public answer leaves out)
 * the defaults apply.
 *
 * The store lives on `globalThis` under a registered symbol, not in this module: a remote that
 * ends up with its own copy of frontend-kit (federation fallback, dev harness) still sees what
 * the shell published.
 */
interface SiteSettingsStore {
  settings: SiteSettings;
  listeners: Set<() => void>;
}

const STORE_KEY = Symbol.for('portal.site-settings');

function store(): SiteSettingsStore {
  const holder = globalThis as { [STORE_KEY]?: SiteSettingsStore };
  holder[STORE_KEY] ??= { settings: DEFAULT_SITE_SETTINGS, listeners: new Set() };
  return holder[STORE_KEY];
}

/** Called by a shell with the server's settings; fields left out keep their defaults. */
export function publishSiteSettings(settings: Partial<SiteSettings>): void {
  const current = store();
  current.settings = { ...DEFAULT_SITE_SETTINGS, ...settings };
  for (const listener of current.listeners) listener();
}

/** Back to the defaults (tests, sign-out). */
export function resetSiteSettings(): void {
  publishSiteSettings({});
}

/** The settings currently in force, outside React (e.g. a click handler built elsewhere). */
export function currentSiteSettings(): SiteSettings {
  return store().settings;
}

function subscribe(listener: () => void): () => void {
  const { listeners } = store();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings in force; re-renders when the shell publishes new ones. */
export function useSiteSettings(): SiteSettings {
  return useSyncExternalStore(subscribe, currentSiteSettings, currentSiteSettings);
}
