import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, type checkNewEmployee, type RouteOutput } from '@portal/contracts';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';

type Answer = RouteOutput<typeof checkNewEmployee>;
let world: IdentityTestWorld;
let companyA: { id: number; name: string };
let depotOfA: { id: number; name: string };
let companyB: { id: number; name: string };
const tokens = {} as Record<'managerA' | 'depotManagerA' | 'managerB' | 'learnerA', string>;

const check = (who: keyof typeof tokens, companyId: number, body: { name: string; email?: string }) =>
  world.client(tokens[who]).request(`/api/company/${companyId}/employees/check`, { method: 'POST', json: body });

beforeAll(async () => {
  world = await createIdentityTestWorld();
  companyA = await world.makeCompany({ name: `Alpha ${unique()}` });
  depotOfA = await world.makeCompany({ name: `Alpha depot ${unique()}`, parentId: companyA.id });
  companyB = await world.makeCompany({ name: `Beta ${unique()}` });
  const people = {
    managerA: await world.makeUser({ role: 'manager', companyId: companyA.id }),
    depotManagerA: await world.makeUser({ role: 'manager', companyId: depotOfA.id }),
    managerB: await world.makeUser({ role: 'manager', companyId: companyB.id }),
    learnerA: await world.makeUser({ role: 'learner', companyId: companyA.id }),
  };
  for (const [name, user] of Object.entries(people)) tokens[name as keyof typeof tokens] = await world.signIn(user.id);
});
afterAll(() => world.close());

describe('POST /api/company/{companyId}/employees/check (step 2 creates nothing)', () => {
  it('answers nobody for a new person, and creates no account', async () => {
    const before = await world.em().count(User, {});
    const response = await check('managerA', companyA.id, { name: 'Brand New Person', email: `new-${unique()}@example.test` });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Answer).data.existing).toBeNull();
    expect(await world.em().count(User, {})).toBe(before);
  });

  it('recognises the same email as the existing learner, in a depot too, with their company', async () => {
    const email = `dana-${unique()}@example.test`;
    const dana = await world.makeUser({ role: 'learner', companyId: depotOfA.id, name: 'Dana Depot', email, password: null });
    const response = await check('managerA', companyA.id, { name: 'Someone Else', email: email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Answer).data.existing).toMatchObject({
      match: 'email',
      existing_user_id: dana.id,
      existing_user_name: 'Dana Depot',
      existing_user_company_id: depotOfA.id,
      existing_user_company_name: depotOfA.name,
    });
  });

  it('recognises a learner without email by the same name in the company or its depots, any case', async () => {
    const name = `Sam ${unique()} Nocode`;
    const sam = await world.makeUser({ role: 'learner', companyId: depotOfA.id, name, email: null, password: null });
    const response = await check('managerA', companyA.id, { name: `  ${name.toUpperCase()} ` });
    expect(((await response.json()) as Answer).data.existing).toMatchObject({ match: 'name', existing_user_id: sam.id });
    // Another company's learner of that name is not revealed.
    expect(((await (await check('managerB', companyB.id, { name })).json()) as Answer).data.existing).toBeNull();
  });

  it('refuses another company’s learner’s email as taken, without naming them', async () => {
    const email = `bea-${unique()}@example.test`;
    await world.makeUser({ role: 'learner', companyId: companyB.id, name: 'Bea Beta', email, password: null });
    const response = await check('managerA', companyA.id, { name: 'Bea', email });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]>; additional_info?: unknown };
    expect(body.errors.email).toEqual([USER_MESSAGES.emailTaken]);
    expect(JSON.stringify(body)).not.toContain('Bea Beta');
  });

  it('does not show a depot’s manager the parent company’s learner', async () => {
    const name = `Pat ${unique()} Parent`;
    await world.makeUser({ role: 'learner', companyId: companyA.id, name, email: null, password: null });
    const response = await check('depotManagerA', depotOfA.id, { name });
    expect(((await response.json()) as Answer).data.existing).toBeNull();
  });

  it('refuses another company’s manager and a learner', async () => {
    expect((await check('managerB', companyA.id, { name: 'X' })).status).toBe(403);
    expect((await check('learnerA', companyA.id, { name: 'X' })).status).toBe(403);
  });
});
