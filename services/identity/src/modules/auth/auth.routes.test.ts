import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE, type Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { type createIdentityApp } from '../../app';
import { createIdentityTestWorld, type IdentityTestWorld } from '../../testing/identity-test-world';
import { makeCompany, makeUser as makeUserRow } from '../../testing/factories';
import { User } from '../../data/user.entity';
import { Session } from '../../data/session.entity';
import { createSession } from '../../data/session.repository';

const unique = () => randomBytes(4).toString('hex');
const PASSWORD = 'Sturdy-Ladder-42';

let world: IdentityTestWorld;
let platform: TestPlatform;
let app: ReturnType<typeof createIdentityApp>;
let companyId: number;
let companyName: string;

async function makeUser(em: Em, role: Role, extra: { loginCode?: string; password?: string | null } = {}) {
  const email = `${role}-${unique()}@example.test`;
  const user = await makeUserRow(em, {
    role,
    companyId,
    email,
    password: extra.password === null ? null : (extra.password ?? PASSWORD),
    loginCode: extra.loginCode ?? null,
  });
  return { id: user.id, name: user.name, email };
}

const client = (token?: string) => new TestClient(app, token ? { sessionToken: token } : {});
const login = (c: TestClient, body: unknown) => c.request('/api/auth/login', { method: 'POST', json: body });
const shellStatus = async (token: string) => (await client(token).request('/api/shell')).status;

beforeAll(async () => {
  world = await createIdentityTestWorld();
  ({ platform, app } = world);
  companyName = `Scaffolders ${unique()}`;
  companyId = (await makeCompany(world.em(), { name: companyName })).id;
});
afterAll(() => world.close());

describe('POST /api/auth/login with email and password', () => {
  it('signs in, sets an HttpOnly SameSite=Lax session cookie and sends a learner or manager to /', async () => {
    for (const role of ['learner', 'manager'] as const) {
      const user = await makeUser(platform.orm.em.fork(), role);
      const browser = client();
      const response = await login(browser, { email: user.email, password: PASSWORD });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          role,
          company_id: companyId,
          company_name: companyName,
          is_mimicking: false,
          is_first_visit: true,
        },
        redirect: '/',
      });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      // The session is stored only as a hash of the token.
      const token = browser.cookie(SESSION_COOKIE)!;
      expect(await platform.orm.em.fork().count(Session, { id: token })).toBe(0);
      expect(await shellStatus(token)).toBe(200);
    }
  });

  it('sends an admin to /admin', async () => {
    const admin = await makeUser(platform.orm.em.fork(), 'admin');
    const response = await login(client(), { email: admin.email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { redirect: string }).redirect).toBe('/admin');
  });

  it('ignores the case of the email and surrounding spaces', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const response = await login(client(), { email: `  ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(response.status).toBe(200);
  });

  it('rotates the XSRF cookie at sign-in', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const browser = client();
    const before = browser.cookie(XSRF_COOKIE);
    await login(browser, { email: user.email, password: PASSWORD });
    expect(browser.cookie(XSRF_COOKIE)).toBeTruthy();
    expect(browser.cookie(XSRF_COOKIE)).not.toBe(before);
  });

  it('answers a wrong password, an unknown email and a password-less account with the same 401', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const codeOnly = await makeUser(platform.orm.em.fork(), 'learner', { password: null, loginCode: `C${unique()}` });
    const attempts = [
      { email: user.email, password: 'Wrong-Ladder-42' },
      { email: `nobody-${unique()}@example.test`, password: PASSWORD },
      { email: codeOnly.email, password: PASSWORD },
    ];
    const bodies = [];
    for (const attempt of attempts) {
      const browser = client();
      const response = await login(browser, attempt);
      expect(response.status).toBe(401);
      expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
      bodies.push(await response.json());
    }
    expect(bodies[0]).toEqual({ message: 'These credentials do not match our records.', code: 'unauthenticated' });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('answers 422 with errors under email and password when they are missing or malformed', async () => {
    const empty = await login(client(), {});
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      message: 'Enter your email address or a login code.',
      code: 'validation',
      errors: { email: ['Enter your email address or a login code.'], password: ['Enter your password.'] },
    });
    const malformed = await login(client(), { email: 'not-an-email', password: '' });
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as { errors: unknown }).errors).toEqual({
      email: ['Enter a valid email address.'],
      password: ['Enter your password.'],
    });
  });
});

describe('POST /api/auth/login with a login code', () => {
  it('signs in whatever the case of the code', async () => {
    const code = `CODE${unique().toUpperCase()}`;
    const user = await makeUser(platform.orm.em.fork(), 'learner', { loginCode: code, password: null });
    for (const typed of [code, code.toLowerCase(), ` ${code.slice(0, 4).toLowerCase()}${code.slice(4)} `]) {
      const browser = client();
      const response = await login(browser, { login_code: typed });
      expect(response.status, typed).toBe(200);
      expect((await response.json()) as { user: { id: number }; redirect: string }).toMatchObject({ user: { id: user.id }, redirect: '/' });
      expect(browser.cookie(SESSION_COOKIE)).toBeTruthy();
    }
  });

  it('refuses an unknown code with 401', async () => {
    const response = await login(client(), { login_code: `NOPE${unique()}` });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'That login code is not valid.', code: 'unauthenticated' });
  });
});

describe('sessions', () => {
  it('are rotated at sign-in: the token the browser had stops working', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'manager');
    const browser = client();
    await login(browser, { email: user.email, password: PASSWORD });
    const first = browser.cookie(SESSION_COOKIE)!;
    expect(await shellStatus(first)).toBe(200);
    // Another device's session is not this browser's, so it survives.
    const otherDevice = client();
    await login(otherDevice, { email: user.email, password: PASSWORD });

    const again = await login(browser, { email: user.email, password: PASSWORD });
    expect(again.status).toBe(200);
    const second = browser.cookie(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await shellStatus(first)).toBe(401);
    expect(await shellStatus(second)).toBe(200);
    expect(await shellStatus(otherDevice.cookie(SESSION_COOKIE)!)).toBe(200);
  });

  it('end at logout: the cookie is cleared and the token no longer opens the shell', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const browser = client();
    await login(browser, { email: user.email, password: PASSWORD });
    const token = browser.cookie(SESSION_COOKIE)!;
    expect((await browser.request('/api/shell')).status).toBe(200);

    const response = await browser.request('/api/auth/logout', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.request('/api/shell')).status).toBe(401);
    expect(await shellStatus(token)).toBe(401);
  });

  it('logout without a session is 401', async () => {
    expect((await client().request('/api/auth/logout', { method: 'POST', json: {} })).status).toBe(401);
  });

  it('expire: an expired session is 401 and is removed', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const em = platform.orm.em.fork();
    const expired = await createSession(em, { userId: user.id, now: new Date(Date.now() - 9 * 60 * 60 * 1000) });
    const current = await createSession(em, { userId: user.id });
    const response = await client(expired).request('/api/shell');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'unauthenticated' });
    expect(await platform.orm.em.fork().count(Session, { userId: user.id })).toBe(1);
    expect(await shellStatus(current)).toBe(200);
  });

  it('end when their user is gone', async () => {
    const user = await makeUser(platform.orm.em.fork(), 'learner');
    const token = await createSession(platform.orm.em.fork(), { userId: user.id });
    await platform.orm.em.fork().nativeDelete(User, { id: user.id });
    expect(await shellStatus(token)).toBe(401);
  });
});
