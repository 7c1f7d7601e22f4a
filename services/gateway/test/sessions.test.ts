import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppEnv, xsrfTokenFor } from '@portal/service-kit';
import { logoutHandlers } from '../src/logout';
import { publicShellPage } from '../src/static-sites';
import { SECURE_SESSION_COOKIE, SECURE_XSRF_COOKIE, XSRF_COOKIE } from '@portal/contracts';
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

/** As a browser does: a page first (its XSRF cookie, under the name this request's security gives it), then the sign-in. */
async function login(client: TestClient, credentials: { email: string; password: string }, headers: Record<string, string> = {}) {
  await client.request('/api/health', { headers });
  return client.request('/api/auth/login', { method: 'POST', json: credentials, headers });
}
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
    // Secure cookies carry the __Host- prefix (issue 31 item 7): this host only, path /, no Domain.
    expect(cookieLine(secure, 'portal_session')).toBe('');
    expect(cookieLine(secure, SECURE_SESSION_COOKIE)).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/i);
    expect(cookieLine(secure, SECURE_XSRF_COOKIE)).toMatch(/; Secure/i);
    for (const name of [SECURE_SESSION_COOKIE, SECURE_XSRF_COOKIE]) expect(cookieLine(secure, name)).not.toMatch(/Domain=/i);

    const proxied = await world({ TRUST_PROXY: 'true' });
    const viaProxy = await login(proxied.harness.client(), proxied.credentials, { 'x-forwarded-proto': 'https' });
    expect(cookieLine(viaProxy, SECURE_SESSION_COOKIE)).toMatch(/; Secure/i);
  });

  it('where cookies are Secure, reads only the __Host- names: a cookie tossed from a sibling host is no session (issue 31 item 7)', async () => {
    const { harness, userId, em } = await world({ APP_URL: 'https://portal.example.test' });
    const token = await signInAs(em, userId);
    const shell = (cookie: string) => harness.app.request('/api/shell', { headers: { Cookie: cookie } });
    // content.portal.example.test could set `portal_session` for the parent domain; it is never read here.
    expect((await shell(`portal_session=${token}`)).status).toBe(401);
    expect((await shell(`${SECURE_SESSION_COOKIE}=${token}`)).status).toBe(200);
    // Nor the unprefixed XSRF pair: the double submit takes the __Host- cookie only.
    const logout = (cookie: string, header: string) =>
      harness.app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: cookie, 'X-XSRF-TOKEN': header } });
    expect((await logout(`${XSRF_COOKIE}=tossed`, 'tossed')).status).toBe(419);
  });

  it('answers a sibling host (content.<portal host>, same site) nothing but the pages a learner opens (issue 31 item 7)', async () => {
    const { harness, userId, em } = await world({ APP_URL: 'https://portal.example.test' });
    const token = await signInAs(em, userId);
    const cookie = `${SECURE_SESSION_COOKIE}=${token}; ${SECURE_XSRF_COOKIE}=${xsrfTokenFor(token)}`;
    const from = (site: string, mode = 'cors', dest = 'empty') => ({
      'Sec-Fetch-Site': site,
      'Sec-Fetch-Mode': mode,
      'Sec-Fetch-Dest': dest,
    });
    const shell = (headers: Record<string, string>) => harness.app.request('/api/shell', { headers: { Cookie: cookie, ...headers } });
    expect((await shell(from('same-origin'))).status).toBe(200);
    // A browser without Fetch Metadata: the XSRF and CORS checks hold as before.
    expect((await shell({})).status).toBe(200);
    for (const [mode, dest] of [
      ['cors', 'empty'],
      ['no-cors', 'image'],
      ['navigate', 'iframe'],
      ['no-cors', 'script'],
    ])
      expect((await shell(from('same-site', mode, dest))).status, `${mode} ${dest}`).toBe(403);
    const write = await harness.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, 'X-XSRF-TOKEN': xsrfTokenFor(token), ...from('same-site') },
    });
    expect(write.status).toBe(403);
    // A form in the content's frame posting to /logout signs nobody out.
    const form = await harness.app.request('/logout', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...from('same-site', 'navigate', 'iframe') },
      body: `_token=${xsrfTokenFor(token)}`,
    });
    expect(form.status).toBe(303);
    expect((await shell(from('same-origin'))).status).toBe(200);
    // A link from the course opened as a page of its own is let through, as any link to the portal is.
    expect((await shell(from('same-site', 'navigate', 'document'))).status).toBe(200);
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
