import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@portal/contracts';
import type { RemotePageComponent } from './remote-page-props';

/** Manifest URLs as the server published them, resolved against this origin. */
const manifestUrls = new Map<RemoteName, string>();
const pageCache = new Map<string, Promise<RemotePageComponent>>();

function toRemoteList(urls: Iterable<[RemoteName, string]>) {
  return [...urls].map(([name, entry]) => ({ name, entry }));
}

/**
 * Registers every remote named by the server (`GET /api/shell` → `remotes`). The host's
 * ModuleFederationPlugin declares no remotes at build time: a team ships a remote by publishing
 * its build and pointing the server's registry at the new `mf-manifest.json`.
 */
export function registerPortalRemotes(remotes: Partial<Record<RemoteName, string>>): void {
  for (const [name, url] of Object.entries(remotes) as [RemoteName, string][]) {
    manifestUrls.set(name, new URL(url, window.location.origin).href);
  }
  registerRemotes(toRemoteList(manifestUrls));
}

/** Loads `<remote>/<module>` once; a failed load is forgotten so Retry tries again. */
export function loadRemotePage(remote: RemoteName, module: string): Promise<RemotePageComponent> {
  const key = `${remote}/${module}`;
  const cached = pageCache.get(key);
  if (cached) return cached;
  const pending = (async () => {
    if (!manifestUrls.has(remote)) throw new Error(`The ${remote} module is not published.`);
    const loaded = await loadRemote<{ default?: RemotePageComponent }>(key);
    if (!loaded?.default) throw new Error(`${key} has no default export.`);
    return loaded.default;
  })();
  pageCache.set(key, pending);
  pending.catch(() => pageCache.delete(key));
  return pending;
}

/** Before a retry: drop the runtime's cached entry of that remote so its manifest is fetched again. */
export function resetRemote(remote: RemoteName): void {
  for (const key of pageCache.keys()) if (key.startsWith(`${remote}/`)) pageCache.delete(key);
  const entry = manifestUrls.get(remote);
  if (entry !== undefined) registerRemotes(toRemoteList([[remote, entry]]), { force: true });
}
