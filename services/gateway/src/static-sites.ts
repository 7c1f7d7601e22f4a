import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '@portal/service-kit';
import { REMOTE_NAMES } from '@portal/contracts';
import { fromRepoRoot } from './paths';

/** Page routes served by the public shell; everything else not under /api is the portal shell. */
export const PUBLIC_SHELL_PATHS = ['/login', '/password/reset', '/verify'];

/** Read on every page load (a small file, in the OS cache) so a rebuilt shell is served at once. */
function indexHtml(shell: 'portal' | 'public'): () => string | null {
  const file = fromRepoRoot(join('shells', shell, 'dist', 'index.html'));
  return () => (existsSync(file) ? readFileSync(file, 'utf8') : null);
}

const NOT_BUILT = '<!doctype html><title>Not built</title><p>The frontends are not built yet: run <code>npm run build</code>.</p>';

/** Shells, remotes (each in its own folder with its mf-manifest.json) and the SPA fallbacks. */
export function mountStaticSites(app: Hono<AppEnv>) {
  for (const remote of REMOTE_NAMES) {
    app.use(
      `/remotes/${remote}/*`,
      serveStatic({ root: fromRepoRoot(`remotes/${remote}/dist`), rewriteRequestPath: (path) => path.replace(`/remotes/${remote}`, '') }),
    );
  }
  for (const shell of ['portal', 'public'] as const) {
    app.use(
      `/shells/${shell}/*`,
      serveStatic({
        root: fromRepoRoot(`shells/${shell}/dist`),
        rewriteRequestPath: (path) => path.replace(`/shells/${shell}`, ''),
        onFound: (path, c) => {
          // Hashed bundles can be cached for good; index.html must not be.
          if (!path.endsWith('.html')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  const portalIndex = indexHtml('portal');
  const publicIndex = indexHtml('public');
  const page = (html: () => string | null) => (c: Context) => {
    c.header('Cache-Control', 'no-store');
    const body = html();
    return c.html(body ?? NOT_BUILT, body ? 200 : 503);
  };
  for (const path of PUBLIC_SHELL_PATHS) {
    app.get(path, page(publicIndex));
    app.get(`${path}/*`, page(publicIndex));
  }
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/remotes/') || c.req.path.startsWith('/shells/')) return next();
    return page(portalIndex)(c);
  });
}
