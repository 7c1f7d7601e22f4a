import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES, CREDIT_BALANCE_BLANK, type AdminCompany, type Depot } from '@portal/contracts';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { Company } from '../../data/company.entity';
import { User } from '../../data/user.entity';

let world: IdentityTestWorld;
let adminToken: string;
let adminHome: number;
let admin: { id: number; name: string };

beforeAll(async () => {
  world = await createIdentityTestWorld();
  adminHome = (await world.makeCompany({ name: 'Platform' })).id;
  admin = await world.makeUser({ role: 'admin', companyId: adminHome });
  adminToken = await world.signIn(admin.id);
});
afterAll(() => world.close());
const asAdmin = () => world.client(adminToken);

describe('GET /api/admin/companies', () => {
  it('lists top-level companies with counts and balances, searchable and sortable', async () => {
    const tag = `cq${unique()}`;
    const parent = await world.makeCompany({ name: `${tag} Builders` });
    await world.makeCompany({ name: `${tag} Depot`, parentId: parent.id });
    await world.makeCompany({ name: `${tag} Alpha` });
    await world.makeUser({ role: 'learner', companyId: parent.id });
    await world.enrolment.port.setCreditBalance(parent.id, 12, 'test');
    const page = (await (await asAdmin().request(`/api/admin/companies?search=${tag}&sortBy=name&sortDir=desc`)).json()) as {
      data: AdminCompany[];
      total: number;
    };
    expect(page.total).toBe(2);
    expect(page.data.map((c) => c.name)).toEqual([`${tag} Builders`, `${tag} Alpha`]);
    expect(page.data[0]).toMatchObject({ depots_count: 1, users_count: 1, credit_balance: 12, parent_id: null });
  });

  it('treats % and _ in the search as plain text, in the list and the picker', async () => {
    for (const name of ['Scaffold 50% Ltd', 'Scaffold 5000 Ltd', 'Hire a_b Ltd', 'Hire axb Ltd']) await world.makeCompany({ name });
    const listed = async (search: string) =>
      (
        (await (await asAdmin().request(`/api/admin/companies?search=${encodeURIComponent(search)}`)).json()) as { data: AdminCompany[] }
      ).data.map((c) => c.name);
    const offered = async (search: string) =>
      (
        (await (await asAdmin().request(`/api/admin/company-options?search=${encodeURIComponent(search)}`)).json()) as {
          data: { name: string }[];
        }
      ).data.map((c) => c.name);
    for (const find of [listed, offered]) {
      expect(await find('50%')).toEqual(['Scaffold 50% Ltd']);
      expect(await find('a_b')).toEqual(['Hire a_b Ltd']);
    }
  });

  it('offers at most 10 companies or depots by name for pickers', async () => {
    const tag = `opt${unique()}`;
    for (let i = 0; i < 12; i++) await world.makeCompany({ name: `${tag} ${i}` });
    const options = (await (await asAdmin().request(`/api/admin/company-options?search=${tag}`)).json()) as { data: unknown[] };
    expect(options.data).toHaveLength(10);
  });
});

describe('POST /api/company/createCompanyAndUser', () => {
  it('creates the company and its manager, returning a password that signs in', async () => {
    const email = `Boss-${unique()}@NewCo.test`;
    const response = await asAdmin().request('/api/company/createCompanyAndUser', {
      method: 'POST',
      json: { name: 'NewCo', manager_name: 'Nora Boss', manager_email: email, credit_balance: 40 },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; password: string; data: AdminCompany };
    expect(body.message).toBe(COMPANY_MESSAGES.created);
    expect(body.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.data).toMatchObject({
      name: 'NewCo',
      email: email.toLowerCase(),
      manager_email: email.toLowerCase(),
      credit_balance: 40,
      users_count: 1,
    });
    const signIn = await world.client().request('/api/auth/login', { method: 'POST', json: { email, password: body.password } });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ user: { role: 'manager', company_id: body.data.id } });
    // The password is never stored or shown again.
    const again: unknown = await (await asAdmin().request(`/api/company/${body.data.id}`)).json();
    expect(JSON.stringify(again)).not.toContain(body.password);
  });

  it('refuses an email that a user already has', async () => {
    const existing = await world.makeUser({ role: 'learner', companyId: adminHome });
    const response = await asAdmin().request('/api/company/createCompanyAndUser', {
      method: 'POST',
      json: { name: 'Dup Co', manager_name: 'D', manager_email: existing.email },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      message: 'A user with this email already exists',
      errors: { manager_email: ['A user with this email already exists'] },
    });
    expect(await world.em().count(Company, { name: 'Dup Co' })).toBe(0);
  });
});

describe('a company and its depots', () => {
  it('loads the depots with the company, edits both, and sends balances to enrolment', async () => {
    const company = await world.makeCompany({ name: `Edit ${unique()}` });
    const depot = await world.makeCompany({ name: 'Yard', parentId: company.id });
    const got = (await (await asAdmin().request(`/api/company/${company.id}`)).json()) as { data: AdminCompany; depots: Depot[] };
    expect(got.depots.map((d) => d.id)).toEqual([depot.id]);

    world.enrolment.reset();
    const edit = await asAdmin().request(`/api/company/${company.id}`, {
      method: 'PATCH',
      json: { name: 'Edited Co', manager_email: '', credit_balance: '30', credit_reason: 'Goodwill top-up' },
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({
      message: 'Company successfully updated!',
      data: { name: 'Edited Co', manager_email: null, credit_balance: 30 },
    });

    const depotEdit = await asAdmin().request(`/api/company/${company.id}/depot/${depot.id}`, {
      method: 'PATCH',
      json: {
        name: 'Yard Two',
        manager_name: 'Dee',
        manager_email: 'dee@yard.test',
        email: 'yard@yard.test',
        credit_balance: 3,
        credit_reason: 'Moved from the parent',
      },
    });
    expect(depotEdit.status).toBe(200);
    expect(await depotEdit.json()).toMatchObject({ message: 'Depot updated successfully!', data: { name: 'Yard Two', credit_balance: 3 } });
    expect(world.enrolment.calls.map((c) => [c.method, c.args[0], c.args[1]])).toEqual([
      ['setCreditBalance', company.id, 30],
      ['setCreditBalance', depot.id, 3],
    ]);
    // A depot is addressed through its own company only.
    const other = await world.makeCompany();
    expect((await asAdmin().request(`/api/company/${other.id}/depot/${depot.id}`, { method: 'DELETE' })).status).toBe(404);

    const removed = await asAdmin().request(`/api/company/${company.id}/depot/${depot.id}`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ success: true, message: 'Depot deleted successfully!' });
    expect(await world.em().count(Company, { id: depot.id })).toBe(0);
  });

  it('needs a reason for a changed balance, keeps it as the note with the admin as actor, and needs none for an unchanged one', async () => {
    const company = await world.makeCompany();
    const depot = await world.makeCompany({ parentId: company.id });
    await world.enrolment.port.setCreditBalance(company.id, 10, 'test');
    await world.enrolment.port.setCreditBalance(depot.id, 4, 'test');
    const spy = vi.spyOn(world.enrolment.port, 'setCreditBalance');
    try {
      for (const [path, balance] of [
        [`/api/company/${company.id}`, 12],
        [`/api/company/${company.id}/depot/${depot.id}`, 0],
      ] as const) {
        for (const credit_reason of [undefined, '', '   ']) {
          const refused = await asAdmin().request(path, {
            method: 'PATCH',
            json: { name: 'Renamed', credit_balance: balance, credit_reason },
          });
          expect(refused.status).toBe(422);
          expect(await refused.json()).toMatchObject({ errors: { credit_reason: [COMPANY_MESSAGES.creditReasonRequired] } });
        }
      }
      expect(spy).not.toHaveBeenCalled();
      // Nothing was saved either.
      expect((await world.em().findOneOrFail(Company, { id: company.id })).name).not.toBe('Renamed');

      // The same balance again is no change: no reason, no ledger row.
      expect((await asAdmin().request(`/api/company/${company.id}`, { method: 'PATCH', json: { credit_balance: 10 } })).status).toBe(200);
      expect(
        (
          await asAdmin().request(`/api/company/${company.id}/depot/${depot.id}`, {
            method: 'PATCH',
            json: { name: 'Yard', credit_balance: '4' },
          })
        ).status,
      ).toBe(200);
      expect(spy).not.toHaveBeenCalled();

      expect(
        (
          await asAdmin().request(`/api/company/${company.id}`, {
            method: 'PATCH',
            json: { credit_balance: 12, credit_reason: ' Invoice 42 credited ' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await asAdmin().request(`/api/company/${company.id}/depot/${depot.id}`, {
            method: 'PATCH',
            json: { name: 'Yard', credit_balance: 0, credit_reason: 'Closed' },
          })
        ).status,
      ).toBe(200);
      expect(spy.mock.calls).toEqual([
        [company.id, 12, 'Invoice 42 credited', { userId: admin.id, name: admin.name }],
        [depot.id, 0, 'Closed', { userId: admin.id, name: admin.name }],
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects a depot as a parent and a negative balance', async () => {
    const company = await world.makeCompany();
    const depot = await world.makeCompany({ parentId: company.id });
    const other = await world.makeCompany();
    expect((await asAdmin().request(`/api/company/${other.id}`, { method: 'PATCH', json: { parent_id: depot.id } })).status).toBe(422);
    expect((await asAdmin().request(`/api/company/${company.id}`, { method: 'PATCH', json: { credit_balance: -1 } })).status).toBe(422);
  });

  it('refuses a blank credit balance with a clear message instead of reading it as 0, and leaves the credits alone', async () => {
    const company = await world.makeCompany();
    const depot = await world.makeCompany({ parentId: company.id });
    world.enrolment.reset();
    for (const [path, blank] of [
      [`/api/company/${company.id}`, ''],
      [`/api/company/${company.id}/depot/${depot.id}`, '  '],
      [`/api/company/${company.id}`, null],
    ] as const) {
      const refused = await asAdmin().request(path, {
        method: 'PATCH',
        json: { name: 'Kept', credit_balance: blank, credit_reason: 'Cleared by mistake' },
      });
      expect(refused.status, path).toBe(422);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.credit_balance).toEqual([CREDIT_BALANCE_BLANK]);
    }
    const created = await asAdmin().request('/api/company/createCompanyAndUser', {
      method: 'POST',
      json: { name: 'Blank Co', manager_name: 'Bea', manager_email: `bea-${Date.now()}@example.test`, credit_balance: '' },
    });
    expect(created.status).toBe(422);
    expect(world.enrolment.calls.filter((call) => /credit/i.test(call.method))).toEqual([]);
    // A form's text of a number is still read as the number.
    expect(
      (await asAdmin().request(`/api/company/${company.id}`, { method: 'PATCH', json: { credit_balance: ' 7 ', credit_reason: 'Top-up' } }))
        .status,
    ).toBe(200);
  });

  it('deletes a company with its depots, their users, and (through the port) their enrolments', async () => {
    const company = await world.makeCompany();
    const depot = await world.makeCompany({ parentId: company.id });
    const a = await world.makeUser({ role: 'manager', companyId: company.id });
    const b = await world.makeUser({ role: 'learner', companyId: depot.id });
    const session = await world.signIn(b.id);
    world.enrolment.reset();
    const response = await asAdmin().request(`/api/company/${company.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await world.em().count(Company, { id: { $in: [company.id, depot.id] } })).toBe(0);
    expect(await world.em().count(User, { id: { $in: [a.id, b.id] } })).toBe(0);
    expect((await world.client(session).request('/api/shell')).status).toBe(401);
    expect(world.enrolment.calls).toEqual([
      {
        method: 'removeEnrolmentsOf',
        args: [{ userIds: [a.id, b.id].sort((x, y) => x - y), companyIds: [company.id, depot.id].sort((x, y) => x - y) }],
      },
    ]);
  });

  it('will not delete the admin’s own company', async () => {
    expect((await asAdmin().request(`/api/company/${adminHome}`, { method: 'DELETE' })).status).toBe(403);
    expect(await world.em().count(Company, { id: adminHome })).toBe(1);
  });
});
