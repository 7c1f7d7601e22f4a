import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '@portal/service-kit';
import { precompressFile } from '../../../build/precompress-plugin.mjs';
import { IMMUTABLE, acceptedEncodings, etagMatches, fileUnder } from '../src/static-files';
import { mountStaticSites } from '../src/static-sites';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';

/** Built shells and remotes as rspack lays them out, in a folder of the test's own. */
let root: string;
let app: Hono<AppEnv>;
const script = `console.log(${JSON.stringify('a bundle '.repeat(400))});\n`;
const manifest = JSON.stringify({ id: 'learner', name: 'learner', exposes: ['./LearnerDashboard'], padding: 'x'.repeat(2000) });

async function built(path: string, content: string, precompress = true) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (precompress) await precompressFile(file);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-static-'));
  await built(
    'shells/portal/dist/index.html',
    '<!doctype html><html lang="en-GB"><title>Portal</title><div id="root"></div><script src="/shells/portal/main.35883037.js"></script></html>\n'.repeat(
      8,
    ),
  );
  await built('shells/portal/dist/main.35883037.js', script);
  await built(
    'shells/public/dist/index.html',
    '<!doctype html><html lang="en-GB"><title>Sign in</title><div id="root"></div></html>\n'.repeat(8),
  );
  await built('remotes/learner/dist/remoteEntry.js', script);
  await built('remotes/learner/dist/mf-manifest.json', manifest);
  await built('remotes/learner/dist/__federation_expose_LearnerDashboard.0756f721.js', script);
  await built('remotes/learner/dist/514.8ff7e555.css', `.a{color:red}\n`.repeat(200));
  await built('remotes/learner/dist/plain.0756f721.js', script, false);
  await built('remotes/learner/dist/logo.1a2b3c4d5e.png', 'not really a png');
  app = new Hono<AppEnv>();
  mountStaticSites(app, { root });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('hashed bundles', () => {
  it('are cached for a year, immutable, and sent as brotli to a browser that accepts it', async () => {
    const response = await get('/remotes/learner/__federation_expose_LearnerDashboard.0756f721.js', {
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('are sent as gzip when that is all the client accepts, and as they are when it accepts neither', async () => {
    const gzipped = await get('/shells/portal/main.35883037.js', { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/shells/portal/main.35883037.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);

    const refused = await get('/shells/portal/main.35883037.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('keep the immutable policy for a CSS file and for a file without compressed copies', async () => {
    const css = await get('/remotes/learner/514.8ff7e555.css', { 'Accept-Encoding': 'br' });
    expect(css.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(css.headers.get('content-encoding')).toBe('br');
    const plain = await get('/remotes/learner/plain.0756f721.js', { 'Accept-Encoding': 'br, gzip' });
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    const image = await get('/remotes/learner/logo.1a2b3c4d5e.png', { 'Accept-Encoding': 'br' });
    expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(image.headers.get('vary')).toBeNull();
  });
});

describe('pages, federation manifests and remote entries', () => {
  for (const path of ['/remotes/learner/remoteEntry.js', '/remotes/learner/mf-manifest.json', '/', '/courses', '/login']) {
    it(`${path} is revalidated: no-cache with an ETag, 304 while it is unchanged`, async () => {
      const first = await get(path, { 'Accept-Encoding': 'gzip, br' });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      expect(first.headers.get('content-encoding')).toBe('br');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(path, { 'Accept-Encoding': 'gzip, br', 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      expect(await again.text()).toBe('');

      // Another representation (gzip) has another tag: no 304 for the brotli one's.
      const gzip = await get(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag! });
      expect(gzip.status).toBe(200);
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
    });
  }

  it('a new release of a remote (same name, new content) is served at once with a new ETag', async () => {
    const before = await get('/remotes/learner/mf-manifest.json');
    const etag = before.headers.get('etag')!;
    const released = manifest.replace('LearnerDashboard', 'LearnerHome');
    await built('remotes/learner/dist/mf-manifest.json', released);
    // Same size, possibly the same second: the content decides, not the clock.
    utimesSync(join(root, 'remotes/learner/dist/mf-manifest.json'), new Date(), new Date(Date.now() + 5000));
    const after = await get('/remotes/learner/mf-manifest.json', { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toBe(released);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request('/remotes/learner/remoteEntry.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe('');
  });
});

describe('what is not served', () => {
  it('a missing file, and paths that would leave the build folder, fall through (404 here)', async () => {
    expect((await get('/remotes/learner/missing.js')).status).toBe(404);
    expect((await get('/remotes/learner/..%2F..%2F..%2Fshells/portal/dist/index.html')).status).toBe(404);
    expect((await get('/remotes/nobody/remoteEntry.js')).status).toBe(404);
  });

  it('fileUnder keeps paths inside the root', () => {
    expect(fileUnder('/srv/dist', '/main.js')).toBe('/srv/dist/main.js');
    expect(fileUnder('/srv/dist', '/')).toBe('/srv/dist/index.html');
    expect(fileUnder('/srv/dist', '/../etc/passwd')).toBeNull();
    expect(fileUnder('/srv/dist', '/a%2F..%2F..%2Fx')).toBeNull();
    expect(fileUnder('/srv/dist', '/a\\b')).toBeNull();
    expect(fileUnder('/srv/dist', '/%E0%A4%A')).toBeNull();
  });
});

describe('content negotiation helpers', () => {
  it('reads Accept-Encoding with q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8').has('br')).toBe(false);
    expect(acceptedEncodings('*').has('br')).toBe(true);
    expect(acceptedEncodings('*, br;q=0').has('br')).toBe(false);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });

  it('compares If-None-Match weakly and accepts a list', () => {
    expect(etagMatches('"a-br"', '"a-br"')).toBe(true);
    expect(etagMatches('W/"a-br"', '"a-br"')).toBe(true);
    expect(etagMatches('"x", "a-br"', '"a-br"')).toBe(true);
    expect(etagMatches('"a-gzip"', '"a-br"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});

describe('API answers', () => {
  let harness: GatewayHarness;
  beforeAll(async () => {
    harness = await createGatewayHarness();
  });
  afterAll(() => harness.close());

  it('a large JSON body is compressed for a client that accepts it', async () => {
    const response = await harness.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await response.arrayBuffer());
    const document = JSON.parse(gunzipSync(body).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');

    const brotli = await harness.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString())).toEqual(document);
  });

  it('a tiny body, or a client that accepts no compression, gets plain JSON', async () => {
    const tiny = await harness.app.request('/api/health', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });

    const plain = await harness.app.request('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('keeps the cookies of a compressed answer', async () => {
    const response = await harness.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
  });
});

describe('portal pages and the session', () => {
  // The gateway's own check asks identity; here the cookie's value stands for the session's state.
  const guarded = () => {
    const guardedApp = new Hono<AppEnv>();
    mountStaticSites(guardedApp, {
      root,
      sessionState: async (c) => {
        const cookie = c.req.header('Cookie') ?? '';
        if (!cookie.includes('portal_session=')) return 'none';
        return cookie.includes('portal_session=live') ? 'live' : 'ended';
      },
    });
    return guardedApp;
  };

  it('sends a browser without a session to sign-in before the portal shell boots (no 401 from /api/shell)', async () => {
    for (const path of ['/', '/reporting', '/learn/4/activities']) {
      const response = await guarded().request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('sends an ended session through /logout, which clears its cookie', async () => {
    const response = await guarded().request('/courses', { headers: { Cookie: 'portal_session=gone' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/logout');
  });

  it('serves the portal shell to a live session, and the public pages to anyone', async () => {
    const portal = await guarded().request('/courses', { headers: { Cookie: 'portal_session=live' } });
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('<title>Portal</title>');
    const signIn = await guarded().request('/login');
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('<title>Sign in</title>');
  });
});

describe('the player’s service worker (issue 22 item 3)', () => {
  it('is served at the root, revalidated every time, keeping only the player page and the shells’ and remotes’ files', async () => {
    const response = await get('/learn-sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = await response.text();
    expect(body).toContain('/^\\/(shells|remotes)\\//');
    expect(body).toContain("url.pathname.indexOf('/learn/') === 0");
    expect(body).not.toMatch(/\/api\//);
  });
});
