import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type AnyRoute } from '@portal/contracts';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { createPersonaWorld, PERSONA_NAMES, type Persona, type PersonaName, type PersonaWorld } from './fixtures/personas';
import { ROUTE_SAMPLES } from './fixtures/route-samples';

/** Who the route table says may call a route, for a request aimed at company A. */
function isAllowed(route: AnyRoute, persona: Persona, world: PersonaWorld): boolean {
  if (route.access === 'public') return true;
  if (!persona.role) return false;
  if (route.access === 'signed-in') return true;
  if (!route.access.includes(persona.role)) return false;
  if (route.tenant && persona.role === 'manager') return persona.companyId === world.companyA;
  return true;
}

let harness: GatewayHarness;
let world: PersonaWorld;

beforeAll(async () => {
  harness = await createGatewayHarness();
  world = await createPersonaWorld(harness.platform.orm.em.fork());
});
afterAll(() => harness.close());

describe('every route of the table', () => {
  it('has a sample request for the generic tests', () => {
    const missing = routeTable.filter((route) => !ROUTE_SAMPLES[route.name]).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  it('is declared once by method and path', () => {
    const keys = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  describe.each(routeTable.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    it.each(PERSONA_NAMES.map((p) => [p] as const))('answers persona %s as the table says', async (personaName: PersonaName) => {
      const persona = world.personas[personaName];
      const client = harness.client(await world.session(personaName));
      const response = await client.call(route, ROUTE_SAMPLES[route.name]!(world));
      if (isAllowed(route, persona, world)) {
        expect([401, 403], `${personaName} should be allowed`).not.toContain(response.status);
        expect(response.status).toBeLessThan(500);
      } else {
        expect(response.status).toBe(persona.role ? 403 : 401);
        const body = (await response.json()) as { message?: unknown };
        expect(typeof body.message).toBe('string');
      }
    });
  });
});

describe('a manager of another company or a depot', () => {
  it('cannot read company A by id, while company A’s manager can read its depot', async () => {
    const managerB = harness.client(await world.session('managerB'));
    expect((await managerB.request(`/api/company/${world.companyA}/dashboard`)).status).toBe(403);
    const depotManager = harness.client(await world.session('depotManagerA'));
    expect((await depotManager.request(`/api/company/${world.companyA}/dashboard`)).status).toBe(403);
    const managerA = harness.client(await world.session('managerA'));
    expect((await managerA.request(`/api/company/${world.depotOfA}/dashboard`)).status).toBe(200);
    expect((await managerA.request(`/api/company/${world.companyB}/dashboard`)).status).toBe(403);
  });
});
