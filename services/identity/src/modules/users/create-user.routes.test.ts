import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, type AdminUser } from '@portal/contracts';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';
import { LOGIN_CODE_ALPHABET } from '../credentials/login-codes';

const APP_URL = 'http://portal.example.test';
const CODE = new RegExp(`^[${LOGIN_CODE_ALPHABET}]{10}$`);
let world: IdentityTestWorld;
let companyA: number;
let depotOfA: number;
let companyB: number;
const tokens: Record<'admin' | 'managerA' | 'depotManagerA' | 'managerB' | 'learnerA', string> = {} as never;

beforeAll(async () => {
  world = await createIdentityTestWorld({ env: { APP_URL } });
  companyA = (await world.makeCompany({ name: `Alpha ${unique()}` })).id;
  depotOfA = (await world.makeCompany({ name: `Alpha depot ${unique()}`, parentId: companyA })).id;
  companyB = (await world.makeCompany({ name: `Beta ${unique()}` })).id;
  const people = {
    admin: await world.makeUser({ role: 'admin', companyId: companyA }),
    managerA: await world.makeUser({ role: 'manager', companyId: companyA }),
    depotManagerA: await world.makeUser({ role: 'manager', companyId: depotOfA }),
    managerB: await world.makeUser({ role: 'manager', companyId: companyB }),
    learnerA: await world.makeUser({ role: 'learner', companyId: companyA }),
  };
  for (const [name, user] of Object.entries(people)) tokens[name as keyof typeof tokens] = await world.signIn(user.id);
});
afterAll(() => world.close());

const create = (who: keyof typeof tokens, json: Record<string, unknown>) =>
  world.client(tokens[who]).request('/api/user', { method: 'POST', json });
/** The mail queued for this address, delivered first (mail goes through the job queue). */
const mailTo = async (email: string) => {
  await world.platform.jobs.drain();
  return world.platform.sentMail.filter((m) => m.to === email);
};

describe('POST /api/user by a manager', () => {
  it('adds a learner to their company or a depot, with a readable login code and a welcome mail', async () => {
    const email = `new-${unique()}@example.test`;
    const response = await create('managerA', { name: 'Nia New', email, company_id: companyA });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: AdminUser };
    expect(body.message).toBe(USER_MESSAGES.created);
    expect(body.data).toMatchObject({ name: 'Nia New', email, role: 'learner', company_id: companyA });
    expect(body.data.login_code).toMatch(CODE);
    expect(await mailTo(email)).toHaveLength(1);
    expect((await mailTo(email))[0]!.text).toMatch(new RegExp(`${APP_URL}/login/link/[A-Za-z0-9_-]{40,}`));

    const inDepot = await create('managerA', { name: 'Dee Depot', company_id: depotOfA });
    expect(inDepot.status).toBe(200);
    expect(await inDepot.json()).toMatchObject({ data: { company_id: depotOfA, role: 'learner', email: null } });
    const byDepotManager = await create('depotManagerA', { name: 'Dee Two', email: '', company_id: depotOfA });
    expect(byDepotManager.status).toBe(200);
  });

  it('refuses another company, a learner, and anything but a learner by name and email', async () => {
    const before = await world.em().count(User, {});
    expect((await create('managerA', { name: 'X', company_id: companyB })).status).toBe(403);
    expect((await create('managerB', { name: 'X', company_id: companyA })).status).toBe(403);
    expect((await create('managerB', { name: 'X', company_id: depotOfA })).status).toBe(403);
    expect((await create('depotManagerA', { name: 'X', company_id: companyA })).status).toBe(403);
    expect((await create('learnerA', { name: 'X', company_id: companyA })).status).toBe(403);
    expect((await world.client().request('/api/user', { method: 'POST', json: { name: 'X', company_id: companyA } })).status).toBe(401);

    const promote = await create('managerA', {
      name: 'Boss',
      email: `boss-${unique()}@example.test`,
      role: 'manager',
      company_id: companyA,
    });
    expect(promote.status).toBe(403);
    expect(await promote.json()).toMatchObject({ message: USER_MESSAGES.managerAddsLearners });
    expect((await create('managerA', { name: 'Pat', password: 'Sturdy-Ladder-42', company_id: companyA })).status).toBe(403);
    expect((await create('managerA', { name: 'Pat', login_code: 'ABCD-2345', company_id: companyA })).status).toBe(403);
    expect(await world.em().count(User, {})).toBe(before);
  });

  it('names an existing learner of the same company (or a depot) and their courses', async () => {
    const existing = await world.makeUser({ role: 'learner', companyId: depotOfA, name: 'Esme Existing' });
    const spy = vi
      .spyOn(world.enrolment.port, 'enrolledCourseNames')
      .mockResolvedValue([{ userId: existing.id, courseNames: ['Working at Height', 'Manual Handling'] }]);
    try {
      const response = await create('managerA', { name: 'Someone', email: existing.email!.toUpperCase(), company_id: companyA });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: USER_MESSAGES.emailTaken,
        code: 'validation',
        errors: { email: [USER_MESSAGES.emailTaken] },
        additional_info: {
          existing_user_id: existing.id,
          existing_user_name: 'Esme Existing',
          existing_user_enrollments: ['Working at Height', 'Manual Handling'],
        },
      });
      expect(spy).toHaveBeenCalledWith([existing.id]);
    } finally {
      spy.mockRestore();
    }
  });

  it('reveals nothing about a learner of another company (or one the caller may not act for)', async () => {
    const spy = vi.spyOn(world.enrolment.port, 'enrolledCourseNames');
    const inB = await world.makeUser({ role: 'learner', companyId: companyB, name: 'Bram Beta' });
    const inParent = await world.makeUser({ role: 'learner', companyId: companyA, name: 'Paula Parent' });
    const colleague = await world.makeUser({ role: 'manager', companyId: companyA, name: 'Max Manager' });
    const generic = { message: USER_MESSAGES.emailTaken, code: 'validation', errors: { email: [USER_MESSAGES.emailTaken] } };
    try {
      for (const [who, email, companyId] of [
        ['managerA', inB.email!, companyA],
        ['depotManagerA', inParent.email!, depotOfA],
        ['managerA', colleague.email!, companyA],
      ] as const) {
        const response = await create(who, { name: 'Someone', email, company_id: companyId });
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual(generic);
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('POST /api/user by an admin', () => {
  it('welcomes a new learner with an email, not a new manager', async () => {
    const learnerEmail = `adm-l-${unique()}@example.test`;
    const managerEmail = `adm-m-${unique()}@example.test`;
    expect((await create('admin', { name: 'Lou', email: learnerEmail, company_id: companyB })).status).toBe(200);
    const manager = await create('admin', {
      name: 'Mo',
      email: managerEmail,
      role: 'manager',
      company_id: companyB,
      password: 'Sturdy-Ladder-42',
    });
    expect(manager.status).toBe(200);
    expect(((await manager.json()) as { data: AdminUser }).data).toMatchObject({ role: 'manager', login_code: null });
    expect(await mailTo(learnerEmail)).toHaveLength(1);
    expect(await mailTo(managerEmail)).toHaveLength(0);
  });
});
