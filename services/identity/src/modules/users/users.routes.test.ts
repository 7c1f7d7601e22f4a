import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, USER_MESSAGES, type AdminUser } from '@portal/contracts';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';
import { Session } from '../../data/session.entity';
import { AuditEntry } from '@portal/service-kit';

let world: IdentityTestWorld;
let companyA: number;
let companyB: number;
let adminToken: string;
let admin: { id: number };

beforeAll(async () => {
  world = await createIdentityTestWorld();
  companyA = (await world.makeCompany({ name: `Alpha ${unique()}` })).id;
  companyB = (await world.makeCompany({ name: `Beta ${unique()}` })).id;
  admin = await world.makeUser({ role: 'admin', companyId: companyA });
  adminToken = await world.signIn(admin.id);
});
afterAll(() => world.close());

const asAdmin = () => world.client(adminToken);
type Page = {
  data: AdminUser[];
  current_page: number;
  last_page: number;
  total: number;
  next_page_url: string | null;
  prev_page_url: string | null;
};

describe('GET /api/admin/users', () => {
  it('searches from 2 characters, sorts both ways, pages with clamping, and never lists admins', async () => {
    const tag = `zq${unique()}`;
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      await world.makeUser({
        role: i % 3 ? 'learner' : 'manager',
        companyId: companyA,
        name: `${tag} ${String(i).padStart(2, '0')}`,
        password: null,
      });
    }
    await world.makeUser({ role: 'admin', companyId: companyA, name: `${tag} admin`, password: null });

    const first = (await (await asAdmin().request(`/api/admin/users?search=${tag}&sortBy=name&sortDir=asc`)).json()) as Page;
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(first.data).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.data[0]!.name).toBe(`${tag} 00`);
    expect(first.data.every((u) => u.role !== 'admin')).toBe(true);
    expect(first.last_page).toBe(2);
    expect(first.next_page_url).toBe(`/api/admin/users?search=${tag}&sortBy=name&sortDir=asc&page=2`);

    const desc = (await (
      await asAdmin().request(`/api/admin/users?search=${tag.toUpperCase()}&sortBy=name&sortDir=desc&page=9`)
    ).json()) as Page;
    expect(desc.current_page).toBe(2);
    expect(desc.data.map((u) => u.name)).toEqual([`${tag} 01`, `${tag} 00`]);

    // One character is not a search yet: the whole list comes back.
    const oneChar = (await (await asAdmin().request('/api/admin/users?search=z')).json()) as Page;
    const all = (await (await asAdmin().request('/api/admin/users')).json()) as Page;
    expect(oneChar.total).toBe(all.total);
    expect(all.total).toBeGreaterThanOrEqual(ADMIN_PAGE_SIZE + 2);
  });

  it('treats % and _ in the search as plain text', async () => {
    const page = (await (await asAdmin().request('/api/admin/users?search=%25%25')).json()) as Page;
    expect(page.total).toBe(0);
    for (const name of ['Offer 50% now', 'Offer 5000 now', 'Pipe a_b fitter', 'Pipe axb fitter'])
      await world.makeUser({ role: 'learner', companyId: companyA, name, email: null, password: null });
    const names = async (search: string) =>
      ((await (await asAdmin().request(`/api/admin/users?search=${encodeURIComponent(search)}`)).json()) as Page).data.map((u) => u.name);
    expect(await names('50%')).toEqual(['Offer 50% now']);
    expect(await names('a_b')).toEqual(['Pipe a_b fitter']);
  });

  it('keeps the address in its page links, with from and to', async () => {
    const tag = `lk${unique()}`;
    for (let i = 0; i < ADMIN_PAGE_SIZE + 1; i++)
      await world.makeUser({ role: 'learner', companyId: companyB, name: `${tag} ${i}`, password: null });
    const last = (await (await asAdmin().request(`/api/admin/users?page=5&search=${tag}&sortBy=role`)).json()) as Page & {
      from: number;
      to: number;
    };
    expect(last).toMatchObject({ current_page: 2, from: ADMIN_PAGE_SIZE + 1, to: ADMIN_PAGE_SIZE + 1, next_page_url: null });
    expect(last.prev_page_url).toBe(`/api/admin/users?page=1&search=${tag}&sortBy=role`);
  });

  it('finds users by company name and shows it', async () => {
    const company = await world.makeCompany({ name: `Gamma Scaffolding ${unique()}` });
    const user = await world.makeUser({ role: 'learner', companyId: company.id, password: null });
    const page = (await (await asAdmin().request(`/api/admin/users?search=${encodeURIComponent(company.name)}`)).json()) as Page;
    expect(page.data.map((u) => [u.id, u.company_name])).toEqual([[user.id, company.name]]);
  });
});

describe('POST /api/user', () => {
  it('creates a learner by default, with a generated login code, and stores the email lower-cased', async () => {
    const email = `New.Person-${unique()}@Example.TEST`;
    const response = await asAdmin().request('/api/user', { method: 'POST', json: { name: 'New Person', email, company_id: companyA } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: AdminUser };
    expect(body.message).toBe(USER_MESSAGES.created);
    expect(body.data).toMatchObject({ role: 'learner', email: email.toLowerCase(), company_id: companyA });
    expect(body.data.login_code).toMatch(/^[A-Z2-9]{10}$/);
    const signIn = await world
      .client()
      .request('/api/auth/login', { method: 'POST', json: { login_code: body.data.login_code!.toLowerCase() } });
    expect(signIn.status).toBe(200);
  });

  it('requires an email for a manager, refuses a taken email and an unknown company', async () => {
    const noEmail = await asAdmin().request('/api/user', {
      method: 'POST',
      json: { name: 'M', role: 'manager', company_id: companyA, email: '' },
    });
    expect(noEmail.status).toBe(422);
    expect(await noEmail.json()).toMatchObject({ errors: { email: [USER_MESSAGES.managerNeedsEmail] } });

    const existing = await world.makeUser({ role: 'learner', companyId: companyA });
    const taken = await asAdmin().request('/api/user', {
      method: 'POST',
      json: { name: 'Dup', email: existing.email!.toUpperCase(), company_id: companyA },
    });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({ errors: { email: [USER_MESSAGES.emailTaken] } });

    const adminRole = await asAdmin().request('/api/user', {
      method: 'POST',
      json: { name: 'Boss', email: `b-${unique()}@x.test`, role: 'admin', company_id: companyA },
    });
    expect(adminRole.status).toBe(422);
    const nowhere = await asAdmin().request('/api/user', { method: 'POST', json: { name: 'Lost', company_id: 999999 } });
    expect(nowhere.status).toBe(422);
    expect(await nowhere.json()).toMatchObject({ errors: { company_id: ['That company does not exist.'] } });
  });
});

describe('PATCH /api/user/{id}', () => {
  it('lets an admin edit every field; a new password ends the user’s sessions', async () => {
    const user = await world.makeUser({ role: 'learner', companyId: companyA });
    const session = await world.signIn(user.id);
    const response = await asAdmin().request(`/api/user/${user.id}`, {
      method: 'PATCH',
      json: {
        name: 'Renamed',
        email: `renamed-${unique()}@example.test`,
        role: 'manager',
        company_id: companyB,
        login_code: 'abcd-1234',
        password: 'Fresh-Ladder-99',
        course_id: '',
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: AdminUser };
    expect(body.message).toBe('User successfully updated!');
    expect(body.data).toMatchObject({ name: 'Renamed', role: 'manager', company_id: companyB, login_code: 'ABCD-1234' });
    expect((await world.client(session).request('/api/shell')).status).toBe(401);
  });

  it('records an admin’s edit of another user in the audit log: which fields, never the password', async () => {
    const user = await world.makeUser({ role: 'learner', companyId: companyA });
    const response = await asAdmin().request(`/api/user/${user.id}`, {
      method: 'PATCH',
      json: { email: `audited-${unique()}@example.test`, password: 'Fresh-Ladder-99' },
    });
    expect(response.status).toBe(200);
    const [entry] = await world.em().find(AuditEntry, { action: 'user.updated', subjectId: user.id });
    expect(entry).toMatchObject({ actorId: admin.id, companyId: companyA, subjectType: 'user' });
    expect(JSON.parse(entry!.details!)).toEqual({ name: user.name, fields: ['email', 'password'] });
    expect(entry!.details).not.toContain('Fresh-Ladder-99');
  });

  it('refuses an admin’s own email or password here: that is the account page’s, with the current password', async () => {
    const self = await world.makeUser({ role: 'admin', companyId: companyA });
    const token = await world.signIn(self.id);
    for (const json of [{ email: `me-${unique()}@example.test` }, { password: 'Fresh-Ladder-99' }]) {
      const refused = await world.client(token).request(`/api/user/${self.id}`, { method: 'PATCH', json });
      expect(refused.status).toBe(422);
      expect(Object.values(((await refused.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
        [USER_MESSAGES.ownSignInOnAccountPage],
      ]);
    }
    expect(
      (await world.client(token).request(`/api/user/${self.id}`, { method: 'PATCH', json: { name: 'Still Me', email: self.email } }))
        .status,
    ).toBe(200);
  });

  it('keeps the manager-needs-email rule when only the role or only the email changes', async () => {
    const user = await world.makeUser({ role: 'learner', companyId: companyA, email: null });
    const promote = await asAdmin().request(`/api/user/${user.id}`, { method: 'PATCH', json: { role: 'manager' } });
    expect(promote.status).toBe(422);
    expect(await promote.json()).toMatchObject({ errors: { email: [USER_MESSAGES.managerNeedsEmail] } });
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const clear = await asAdmin().request(`/api/user/${manager.id}`, { method: 'PATCH', json: { email: '' } });
    expect(clear.status).toBe(422);
  });

  it('lets a learner change only their own name', async () => {
    const learner = await world.makeUser({ role: 'learner', companyId: companyA });
    const other = await world.makeUser({ role: 'learner', companyId: companyA });
    const token = await world.signIn(learner.id);
    const own = await world.client(token).request(`/api/user/${learner.id}`, { method: 'PATCH', json: { name: 'Lee Carter-Smith' } });
    expect(own.status).toBe(200);
    expect((await world.em().findOneOrFail(User, { id: learner.id })).name).toBe('Lee Carter-Smith');

    const elsewhere = await world.client(token).request(`/api/user/${other.id}`, { method: 'PATCH', json: { name: 'Hacked' } });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toMatchObject({ message: USER_MESSAGES.ownNameOnly });
    const more = await world
      .client(token)
      .request(`/api/user/${learner.id}`, { method: 'PATCH', json: { name: 'X', role: 'manager', email: 'me@x.test' } });
    expect(more.status).toBe(403);
    const empty = await world.client(token).request(`/api/user/${learner.id}`, { method: 'PATCH', json: { name: '  ' } });
    expect(empty.status).toBe(422);
    expect((await world.em().findOneOrFail(User, { id: other.id })).name).not.toBe('Hacked');
    expect((await world.em().findOneOrFail(User, { id: learner.id })).role).toBe('learner');
  });
});

describe('POST /api/user/{id}/company and DELETE /api/user/{id}', () => {
  it('moves a user to another company', async () => {
    const user = await world.makeUser({ role: 'learner', companyId: companyA });
    const response = await asAdmin().request(`/api/user/${user.id}/company`, { method: 'POST', json: { company_id: companyB } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "User's company successfully changed!", data: { company_id: companyB } });
  });

  it('deletes a user, their sessions and (through the enrolment port) their enrolments; not yourself', async () => {
    const user = await world.makeUser({ role: 'learner', companyId: companyA });
    await world.signIn(user.id);
    world.enrolment.reset();
    const response = await asAdmin().request(`/api/user/${user.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await world.em().count(User, { id: user.id })).toBe(0);
    expect(await world.em().count(Session, { userId: user.id })).toBe(0);
    expect(world.enrolment.calls).toEqual([{ method: 'removeEnrolmentsOf', args: [{ userIds: [user.id], companyIds: [] }] }]);
    expect((await asAdmin().request(`/api/user/${user.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await asAdmin().request(`/api/user/${admin.id}`, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('mimic', () => {
  it('makes the admin act for the company until un-mimic, without joining its lists', async () => {
    const company = await world.makeCompany({ name: `Mimicked ${unique()}` });
    const manager = await world.makeUser({ role: 'manager', companyId: company.id });
    const token = await world.signIn(admin.id);
    const browser = world.client(token);
    const mimic = await browser.request('/api/user/mimicCompany', { method: 'POST', json: { company_id: company.id } });
    expect(mimic.status).toBe(200);
    expect(await mimic.json()).toEqual({ success: true, message: 'Successfully mimicked the company!' });

    const shell = (await (await browser.request('/api/shell')).json()) as {
      user: { company_id: number; is_mimicking: boolean; role: string };
    };
    expect(shell.user).toMatchObject({ company_id: company.id, is_mimicking: true, role: 'admin' });
    const account = (await (await browser.request('/api/account')).json()) as {
      company: { id: number };
      company_managers: { id: number }[];
    };
    expect(account.company.id).toBe(company.id);
    expect(account.company_managers.map((m) => m.id)).toEqual([manager.id]);
    const list = (await (await asAdmin().request(`/api/admin/users?search=${encodeURIComponent(company.name)}`)).json()) as Page;
    expect(list.data.map((u) => u.id)).toEqual([manager.id]);
    // Another session of the same admin is not mimicking.
    expect(((await (await asAdmin().request('/api/shell')).json()) as { user: { is_mimicking: boolean } }).user.is_mimicking).toBe(false);

    expect((await browser.request('/api/user/unMimicCompany', { method: 'POST', json: {} })).status).toBe(200);
    const after = (await (await browser.request('/api/shell')).json()) as { user: { company_id: number; is_mimicking: boolean } };
    expect(after.user).toMatchObject({ company_id: companyA, is_mimicking: false });
    expect((await browser.request('/api/user/mimicCompany', { method: 'POST', json: { company_id: 999999 } })).status).toBe(422);
  });

  it('is for admins only', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const response = await world
      .client(await world.signIn(manager.id))
      .request('/api/user/mimicCompany', { method: 'POST', json: { company_id: companyB } });
    expect(response.status).toBe(403);
  });
});
