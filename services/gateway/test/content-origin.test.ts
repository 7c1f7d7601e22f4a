import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { contentTokenSecret, signContentToken } from '@portal/enrolment-service';
import { ALL_PORTS, ALL_SCHEMAS } from '../src/platform';
import { contentFramePolicy, createContentOriginApp, injectRuntime } from '../src/content-origin';

/** Issue 13 item 2: package files only from the content origin, by attempt token, never by cookie. */
let platform: TestPlatform;
let app: ReturnType<typeof createContentOriginApp>;
let token: string;
const NOW = new Date('2026-06-15T12:00:00Z');

beforeAll(async () => {
  platform = await createTestPlatform({ schemas: ALL_SCHEMAS, ports: ALL_PORTS, now: () => NOW });
  app = createContentOriginApp(platform);
  await platform.storage.put('courses/7/package/index.html', new TextEncoder().encode('<!doctype html><html><head><title>SCO</title></head><body>Hi</body></html>'));
  await platform.storage.put('courses/7/package/media/clip.bin', new Uint8Array([1, 2, 3, 4, 5]));
  await platform.storage.put('courses/8/package/index.html', new TextEncoder().encode('<p>Other course</p>'));
  token = signContentToken(contentTokenSecret(platform.env), { attemptId: 3, courseId: 7, expiresAt: new Date(NOW.getTime() + 3600_000) });
});
afterAll(() => platform.close());

describe('the content origin', () => {
  it('serves the token’s course package, HTML with the SCORM bridge first in <head>, without reading cookies', async () => {
    const page = await app.request(`/c/${token}/index.html`, { headers: { Cookie: 'portal_session=whatever' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`^<!doctype html><html><head><script src="/c/${token.replace(/\./g, '\\.')}/__portal/cross-frame-api.js"></script><script src="/c/[^"]+/__portal/bridge.js"></script><title>SCO</title>`));
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('set-cookie')).toBeNull();

    const range = await app.request(`/c/${token}/media/clip.bin`, { headers: { Range: 'bytes=1-2' } });
    expect(range.status).toBe(206);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([2, 3]);
    expect((await app.request(`/c/${token}/__portal/cross-frame-api.js`)).status).toBe(200);
    expect(await (await app.request(`/c/${token}/__portal/bridge.js`)).text()).toContain('CrossFrameAPI');
  });

  it('answers 404 to a forged, expired or missing token, another course, escapes and the API', async () => {
    const expired = signContentToken(contentTokenSecret(platform.env), { attemptId: 3, courseId: 7, expiresAt: NOW });
    const otherCourse = token.replace('3.7.', '3.8.');
    for (const path of [`/c/${expired}/index.html`, `/c/${otherCourse}/index.html`, `/c/nope/index.html`, `/c/${token}/%2e%2e/%2e%2e/8/package/index.html`, `/c/${token}/missing.html`, '/api/admin/users', '/storage/courses/7/package/index.html']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('lets only the portal frame its pages (CSP frame-ancestors), whatever it answers', async () => {
    const portal = contentFramePolicy(platform.env.appUrl);
    for (const path of [`/c/${token}/index.html`, `/c/${token}/media/clip.bin`, `/c/${token}/__portal/bridge.js`, `/c/${token}/missing.html`, '/elsewhere']) {
      expect((await app.request(path)).headers.get('content-security-policy'), path).toBe(portal);
    }
    expect(contentFramePolicy('https://training.example.com')).toBe("frame-ancestors 'self' https://training.example.com");
    expect(contentFramePolicy('http://localhost:3540/')).toBe("frame-ancestors 'self' http://localhost:3540 http://127.0.0.1:3540");
  });

  it('puts the bridge first wherever a page starts', () => {
    expect(injectRuntime('<HTML><HEAD lang="en"><title>x</title>', '/c/t/')).toMatch(/^<HTML><HEAD lang="en"><script src="\/c\/t\/__portal\/cross-frame-api\.js">/);
    expect(injectRuntime('<!DOCTYPE html><p>bare', '/c/t/')).toMatch(/^<!DOCTYPE html><script /);
    expect(injectRuntime('<p>bare', '/c/t/')).toMatch(/^<script /);
  });
});
