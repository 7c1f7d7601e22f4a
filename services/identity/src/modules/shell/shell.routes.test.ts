import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_EMAIL, type MenuItem, type Role } from '@portal/contracts';
import { TestClient } from '@portal/service-kit/testing';
import { createIdentityTestWorld, type IdentityTestWorld } from '../../testing/identity-test-world';
import { makeCompany, makeSession, makeUser } from '../../testing/factories';
import { recordSignIn } from '../../data/sign-in-record.repository';

const COMPANY_REMOTE = 'https://cdn.example.test/remotes/company/2.3.1/mf-manifest.json';
const VERIFY_REMOTE = 'https://verify.example.test/mf-manifest.json';

let world: IdentityTestWorld;
const sessions = {} as Record<Role, string>;
const users = {} as Record<Role, { id: number; name: string }>;
let companyId: number;

interface ShellBody {
  user: { id: number; name: string; role: Role; company_id: number; company_name: string; is_mimicking: boolean };
  menu: MenuItem[];
  remotes: Record<string, string>;
  help_email: string;
  is_development: boolean;
  settings: Record<string, string>;
}

async function shellOf(role: Role): Promise<ShellBody> {
  const response = await new TestClient(world.app, { sessionToken: sessions[role] }).request('/api/shell');
  expect(response.status).toBe(200);
  return (await response.json()) as ShellBody;
}
const hrefs = (menu: MenuItem[]) => menu.map((item) => item.href);

beforeAll(async () => {
  world = await createIdentityTestWorld({ env: { REMOTE_COMPANY_URL: COMPANY_REMOTE, REMOTE_VERIFY_URL: VERIFY_REMOTE } });
  const em = world.em();
  companyId = (await makeCompany(em, { name: 'Harbour Works Ltd' })).id;
  for (const role of ['learner', 'manager', 'admin'] as const) {
    const user = await makeUser(em, { role, companyId, name: `The ${role}`, email: `${role}@harbour.test` });
    users[role] = { id: user.id, name: user.name };
    sessions[role] = await makeSession(em, user.id);
  }
});
afterAll(() => world.close());

describe('GET /api/shell', () => {
  it('is 401 without a session', async () => {
    expect((await new TestClient(world.app).request('/api/shell')).status).toBe(401);
  });

  it('gives a learner their courses, verify and log out, and no account or company pages', async () => {
    const shell = await shellOf('learner');
    expect(shell.user).toEqual({
      id: users.learner.id,
      name: 'The learner',
      email: 'learner@harbour.test',
      role: 'learner',
      company_id: companyId,
      company_name: 'Harbour Works Ltd',
      is_mimicking: false,
      is_first_visit: true,
    });
    // /account is the learner's own account page (issue 15), not the company's account settings.
    expect(hrefs(shell.menu)).toEqual(['/', '/verify', '/account', '/logout']);
    expect(shell.menu.some((item) => item.icon)).toBe(false);
    expect(shell.help_email).toBe(HELP_EMAIL);
    expect(shell.is_development).toBe(false);
  });

  it('tells a first visit (one sign-in, this one) from a return (issue 24 item 15: no "Welcome back" on a first visit)', async () => {
    const em = world.em();
    const user = await makeUser(em, { role: 'learner', companyId, name: 'New Starter', email: 'new@harbour.test' });
    const token = await makeSession(em, user.id);
    const firstVisit = async () => {
      const response = await new TestClient(world.app, { sessionToken: token }).request('/api/shell');
      return ((await response.json()) as { user: { is_first_visit: boolean } }).user.is_first_visit;
    };
    await recordSignIn(em, user.id, 'password', new Date('2026-11-01T09:00:00Z'));
    expect(await firstVisit()).toBe(true);
    await recordSignIn(em, user.id, 'password', new Date('2026-11-02T09:00:00Z'));
    expect(await firstVisit()).toBe(false);
  });

  it('gives a manager the company pages, ending with /account and /logout, and no admin item', async () => {
    const shell = await shellOf('manager');
    expect(hrefs(shell.menu)).toEqual([
      '/',
      '/courses',
      '/enrolments/create/v2',
      '/reporting',
      '/people',
      '/purchase-history',
      '/account',
      '/logout',
    ]);
    expect(hrefs(shell.menu)).not.toContain('/admin');
    expect(shell.user.role).toBe('manager');
  });

  it("puts /admin with the admin icon first in an admin's menu, before the company pages", async () => {
    const [manager, admin] = [await shellOf('manager'), await shellOf('admin')];
    expect(admin.menu[0]).toEqual({ label: 'Admin', href: '/admin', icon: 'admin' });
    expect(admin.menu.slice(1)).toEqual(manager.menu);
  });

  it('lists where each remote is published, from configuration', async () => {
    const shell = await shellOf('learner');
    expect(shell.remotes).toEqual({
      learner: '/remotes/learner/mf-manifest.json',
      company: COMPANY_REMOTE,
      admin: '/remotes/admin/mf-manifest.json',
      verify: VERIFY_REMOTE,
    });
  });
});

describe('GET /api/remotes', () => {
  it('gives anyone the same registry, without a session', async () => {
    const response = await new TestClient(world.app).request('/api/remotes');
    expect(response.status).toBe(200);
    const manager = await shellOf('manager');
    expect(await response.json()).toEqual({ remotes: manager.remotes });
  });
});
