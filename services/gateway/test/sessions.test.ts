import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppEnv, xsrfTokenFor } from '@portal/service-kit';
import { logoutHandlers } from '../src/logout';
import { publicShellPage } from '../src/static-sites';
import { XSRF_COOKIE } from '@portal/contracts';
import type { TestClient } from '@portal/service-kit/testing';
import { makeCompany, makeUser, signInAs } from './fixtures/factories';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';

const harnesses: GatewayHarness[] = [];
afterAll(async () => {
  for (const h of harnesses) await h.close();
});

async function world(env: Record<string, string> = {}) {
  const harness = await createGatewayHarness({ env });
  harnesses.push(harness);
  const em = harness.platform.orm.em.fork();
  const company = await makeCompany(em, { name: 'Session Co' });
  const credentials = { email: `s-${Math.random().toString(36).slice(2)}@example.test`, password: 'Session!2345' };
  const user = await makeUser(em, { role: 'manager', companyId: company.id, ...credentials });
  return { harness, credentials, userId: user.id, em };
}

const login = (client: TestClient, credentials: { email: string; password: string }, headers: Record<string, string> = {}) =>
  client.request('/api/auth/login', { method: 'POST', json: credentials, headers });
const cookieLine = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .filter((c) => c.startsWith(`${name}=`))
    .pop() ?? '';

describe('session cookies', () => {
  it('are Secure when the public address is https, or a trusted proxy says the request was', async () => {
    const plain = await world();
    const response = await login(plain.harness.client(), plain.credentials, { 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(200);
    // Without TRUST_PROXY the header is anyone's to send.
    expect(cookieLine(response, 'portal_session')).not.toMatch(/Secure/i);

    const https = await world({ APP_URL: 'https://portal.example.test' });
    const secure = await login(https.harness.client(), https.credentials);
    expect(cookieLine(secure, 'portal_session')).toMatch(/; Secure/i);
    expect(cookieLine(secure, XSRF_COOKIE)).toMatch(/; Secure/i);

    const proxied = await world({ TRUST_PROXY: 'true' });
    const viaProxy = await login(proxied.harness.client(), proxied.credentials, { 'x-forwarded-proto': 'https' });
    expect(cookieLine(viaProxy, 'portal_session')).toMatch(/; Secure/i);
  });

  it('the XSRF token is bound to the session: a self-made cookie and header pair is refused', async () => {
    const { harness, userId, em } = await world();
    const token = await signInAs(em, userId);
    const forged = await harness.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `portal_session=${token}; ${XSRF_COOKIE}=attacker-chosen`, 'X-XSRF-TOKEN': 'attacker-chosen' },
    });
    expect(forged.status).toBe(419);
    const page = await harness.app.request('/api/health', { headers: { Cookie: `portal_session=${token}` } });
    expect(cookieLine(page, XSRF_COOKIE)).toContain(`${XSRF_COOKIE}=${xsrfTokenFor(token)}`);
  });
});

describe('/logout', () => {
  it('signs out only through a request carrying the XSRF token; a bare GET or POST does not', async () => {
    const { harness, userId, em } = await world();
    const token = await signInAs(em, userId);
    const cookie = { Cookie: `portal_session=${token}` };
    const alive = async () => (await harness.client(token).request('/api/shell')).status === 200;

    const get = await harness.app.request('/logout', { headers: cookie });
    expect(get.status).toBe(200);
    expect(await get.text()).toContain(`name="_token" value="${xsrfTokenFor(token)}"`);
    expect(await alive()).toBe(true);

    const bare = await harness.app.request('/logout', { method: 'POST', headers: cookie });
    expect(bare.status).toBe(303);
    expect(bare.headers.get('location')).toBe('/logout');
    expect(await alive()).toBe(true);

    const posted = await harness.app.request('/logout', {
      method: 'POST',
      headers: { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _token: xsrfTokenFor(token) }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/login');
    expect(await alive()).toBe(false);
    // An ended session: the GET clears it and goes to sign-in (where the shells send a 401).
    const after = await harness.app.request('/logout', { headers: cookie });
    expect(after.headers.get('location')).toBe('/login');
  });
});

describe('/logout with the frontends built', () => {
  it('asks a live session on the portal’s own page (the public shell, never cached), and still clears an ended one (issue 24 item 5)', async () => {
    const { harness, userId, em } = await world();
    const root = mkdtempSync(join(tmpdir(), 'portal-logout-'));
    try {
      mkdirSync(join(root, 'shells/public/dist'), { recursive: true });
      writeFileSync(
        join(root, 'shells/public/dist/index.html'),
        '<!doctype html><html lang="en-GB"><title>Safety Training</title><div id="root"></div></html>',
      );
      const app = new Hono<AppEnv>();
      const logout = logoutHandlers(harness.platform, { confirmPage: publicShellPage({ root }) });
      app.get('/logout', logout.get);
      const token = await signInAs(em, userId);

      const page = await app.request('/logout', { headers: { Cookie: `portal_session=${token}` } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(await page.text()).toContain('<title>Safety Training</title>');
      expect((await harness.client(token).request('/api/shell')).status).toBe(200);

      const ended = await app.request('/logout', { headers: { Cookie: 'portal_session=gone' } });
      expect(ended.status).toBe(303);
      expect(ended.headers.get('location')).toBe('/login');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
