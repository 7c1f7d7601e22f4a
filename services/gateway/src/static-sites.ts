import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '@portal/service-kit';
import { REMOTE_NAMES } from '@portal/contracts';
import { fromRepoRoot } from './paths';
import { REVALIDATE, fileUnder, sendBuiltFile } from './static-files';
import { PLAYER_WORKER_SCRIPT } from './player-worker';

/** Page routes served by the public shell; everything else not under /api is the portal shell. */
export const PUBLIC_SHELL_PATHS = ['/login', '/password/reset', '/verify'];

const NOT_BUILT = '<!doctype html><title>Not built</title><p>The frontends are not built yet: run <code>npm run build</code>.</p>';

export interface StaticSitesOptions {
  /** Where shells/ and remotes/ are (tests use a folder of their own); the repository by default. */
  root?: string;
  /**
   * Whether the request carries a live session. Given, a portal page asked for without one is
   * sent to sign-in before the shell boots: the shell would only ask /api/shell, get a 401 (an
   * error in the browser's console) and go there itself.
   */
  sessionState?: (c: Context<AppEnv>) => Promise<'none' | 'ended' | 'live'>;
}

/**
 * The public shell's page, never cached (it is personal: /logout's confirmation of a live session
 * reads the session's XSRF cookie), or null when the shell is not built.
 */
export function publicShellPage(options: Pick<StaticSitesOptions, 'root'> = {}) {
  const indexFile = options.root ? join(options.root, 'shells/public/dist/index.html') : fromRepoRoot('shells/public/dist/index.html');
  return (c: Context): Response | null => sendBuiltFile(c, indexFile, { cacheControl: 'no-store' });
}

/**
 * Shells, remotes (each in its own folder with its mf-manifest.json) and the SPA fallbacks.
 * Every file goes out precompressed when the client accepts it; hashed files are cached for a
 * year, pages, manifests and remoteEntry.js are revalidated (ETag → 304), so a team's new release
 * is picked up on the next page load.
 */
export function mountStaticSites(app: Hono<AppEnv>, options: StaticSitesOptions = {}) {
  const fromRoot = (path: string) => (options.root ? join(options.root, path) : fromRepoRoot(path));
  const folders = [
    ...REMOTE_NAMES.map((remote) => ({ prefix: `/remotes/${remote}`, dist: fromRoot(`remotes/${remote}/dist`) })),
    ...(['portal', 'public'] as const).map((shell) => ({ prefix: `/shells/${shell}`, dist: fromRoot(`shells/${shell}/dist`) })),
  ];
  for (const { prefix, dist } of folders) {
    app.get(`${prefix}/*`, async (c, next) => {
      const file = fileUnder(dist, c.req.path.slice(prefix.length));
      const response = file ? sendBuiltFile(c, file) : null;
      return response ?? next();
    });
  }
  const page = (shell: 'portal' | 'public') => {
    const indexFile = fromRoot(join('shells', shell, 'dist', 'index.html'));
    return (c: Context) => {
      const response = sendBuiltFile(c, indexFile, { cacheControl: REVALIDATE });
      if (response) return response;
      c.header('Cache-Control', 'no-store');
      return c.html(NOT_BUILT, 503);
    };
  };
  for (const path of PUBLIC_SHELL_PATHS) {
    app.get(path, page('public'));
    app.get(`${path}/*`, page('public'));
  }
  // The player's service worker (player-worker.ts): at the root so it may take the /learn/ scope; always revalidated.
  app.get('/learn-sw.js', (c) =>
    c.body(PLAYER_WORKER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  const portalPage = page('portal');
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/remotes/') || c.req.path.startsWith('/shells/')) return next();
    const session = options.sessionState ? await options.sessionState(c) : 'live';
    if (session !== 'live') {
      c.header('Cache-Control', 'no-store');
      // An ended session's cookie is cleared by /logout on the way.
      return c.redirect(session === 'none' ? '/login' : '/logout', 302);
    }
    return portalPage(c);
  });
}
