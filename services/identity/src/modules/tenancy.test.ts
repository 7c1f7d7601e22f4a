import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, routeTable, type AnyRoute } from '@portal/contracts';
import { createIdentityTestWorld, type IdentityTestWorld } from '../testing/identity-test-world';
import { Company } from '../data/company.entity';
import { User } from '../data/user.entity';

/**
 * Issue 3, point 7: a manager of company B, a manager of a depot of A and a learner of A can
 * neither read nor change anything of company A through identity, by any id.
 */
let world: IdentityTestWorld;
let ids: { companyA: number; depotOfA: number; otherDepotOfA: number; managerA: number; learnerA: number };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  world = await createIdentityTestWorld();
  const companyA = (await world.makeCompany({ name: 'Alpha' })).id;
  const depotOfA = (await world.makeCompany({ name: 'Alpha Depot', parentId: companyA })).id;
  const otherDepotOfA = (await world.makeCompany({ name: 'Alpha Depot Two', parentId: companyA })).id;
  const companyB = (await world.makeCompany({ name: 'Beta' })).id;
  const managerA = (await world.makeUser({ role: 'manager', companyId: companyA })).id;
  const learnerA = (await world.makeUser({ role: 'learner', companyId: companyA })).id;
  ids = { companyA, depotOfA, otherDepotOfA, managerA, learnerA };
  tokens.managerB = await world.signIn((await world.makeUser({ role: 'manager', companyId: companyB })).id);
  tokens.depotManagerA = await world.signIn((await world.makeUser({ role: 'manager', companyId: depotOfA })).id);
  tokens.learnerA = await world.signIn(learnerA);
  const em = world.em();
  await world.platform.storage.put(`logos/${companyA}/x.png`, 'png');
  await em.nativeUpdate(Company, { id: companyA }, { logoPath: `logos/${companyA}/x.png` });
});
afterAll(() => world.close());

const identityRoutesWithIds = routeTable.filter((r) => r.service === 'identity' && r.path.includes('{'));

/** Every id of company A a route could name. */
function targets(route: AnyRoute): Record<string, unknown>[] {
  if (route.path.includes('{depotId}'))
    return [
      { companyId: ids.companyA, depotId: ids.depotOfA },
      { companyId: ids.companyA, depotId: ids.otherDepotOfA },
    ];
  if (route.path.startsWith('/account/depot/')) return [{ id: ids.otherDepotOfA }, { id: ids.companyA }];
  if (route.path.startsWith('/api/user/')) return [{ id: ids.managerA }, { id: ids.learnerA }];
  // The People page: company A's learner, through company A or one of its depots.
  if (route.path.includes('{userId}'))
    return [
      { companyId: ids.companyA, userId: ids.learnerA },
      { companyId: ids.otherDepotOfA, userId: ids.learnerA },
    ];
  return [{ companyId: ids.companyA }, { companyId: ids.otherDepotOfA }];
}

const BODIES: Record<string, unknown> = {
  'PATCH /api/user/{id}': { name: 'Taken Over' },
  'POST /api/user/{id}/company': { company_id: 1 },
  'PATCH /api/company/{companyId}': { name: 'Taken Over' },
  'PATCH /api/company/{companyId}/depot/{depotId}': { name: 'Taken Over' },
  'POST /account/depot/{id}': { name: 'Taken Over' },
  'POST /api/company/{companyId}/employees/check': { name: 'Taken Over' },
};

describe.each(['managerB', 'depotManagerA', 'learnerA'])('%s', (persona) => {
  it.each(identityRoutesWithIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'is refused %s for company A’s rows',
    async (_label, route) => {
      for (const params of targets(route)) {
        // A learner may rename only themselves: their own id is not company A's "other" row.
        if (persona === 'learnerA' && route.name === 'user.update' && params.id === ids.learnerA) continue;
        const body = BODIES[`${route.method} ${route.path}`];
        const response = await world.client(tokens[persona]).request(fillPath(route.path, params), {
          method: route.method,
          ...(route.method === 'GET' ? {} : { json: body ?? {} }),
        });
        expect(response.status, `${route.method} ${fillPath(route.path, params)}`).toBe(403);
      }
    },
  );
});

it('left company A untouched', async () => {
  const em = world.em();
  expect((await em.find(Company, { id: { $in: [ids.companyA, ids.depotOfA, ids.otherDepotOfA] } })).map((c) => c.name).sort()).toEqual([
    'Alpha',
    'Alpha Depot',
    'Alpha Depot Two',
  ]);
  expect((await em.find(User, { id: { $in: [ids.managerA, ids.learnerA] } })).every((u) => u.name !== 'Taken Over')).toBe(true);
});

it('covers the identity routes that name an id', () => {
  expect(identityRoutesWithIds.length).toBeGreaterThanOrEqual(10);
});
