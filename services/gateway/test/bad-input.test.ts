import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable, type AnyRoute } from '@portal/contracts';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { createPersonaWorld, type PersonaName, type PersonaWorld } from './fixtures/personas';
import { ROUTE_SAMPLES, type SampleRequest } from './fixtures/route-samples';

let harness: GatewayHarness;
let world: PersonaWorld;

beforeAll(async () => {
  harness = await createGatewayHarness();
  world = await createPersonaWorld(harness.platform.orm.em.fork());
});
afterAll(() => harness.close());

/** A persona the route allows, so the request gets past authorisation to validation. */
function allowedPersona(route: AnyRoute): PersonaName {
  if (route.access === 'public') return 'anonymous';
  if (route.access === 'signed-in') return 'learner';
  if (route.access.includes('manager')) return 'managerA';
  if (route.access.includes('learner')) return 'learner';
  return 'admin';
}

const WRONG_VALUES: unknown[] = ['', 'not-a-number', -1, 0, 1.5, 'x'.repeat(5000), { nested: true }, [1, 2], null, true];

/** Query strings and path segments travel as text: judge a candidate as the server will see it. */
function asText(candidate: unknown): unknown {
  if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) return candidate;
  return Object.fromEntries(Object.entries(candidate).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]));
}

/** Inputs that break a part's schema: each field replaced by values the schema rejects, and junk wholes. */
function violations(schema: z.ZodType | undefined, valid: Record<string, unknown> | undefined, travelsAsText = false): unknown[] {
  if (!schema) return [];
  const cases: unknown[] = ['a string', [1, 2, 3], 42];
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const base = valid ?? {};
  for (const key of Object.keys(shape)) {
    for (const value of WRONG_VALUES) cases.push({ ...base, [key]: value });
    const { [key]: _dropped, ...without } = base;
    cases.push(without);
  }
  return cases.filter((candidate) => !schema.safeParse(travelsAsText ? asText(candidate) : candidate).success);
}

async function send(route: AnyRoute, persona: PersonaName, sample: SampleRequest, part: 'params' | 'query' | 'body', value: unknown) {
  const client = harness.client(await world.session(persona));
  if (part === 'params') {
    const params = value as Record<string, unknown>;
    const path = route.path.replace(/\{([^}]+)\}/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? '')) || '%20');
    return client.request(path, { method: route.method, ...(route.method === 'GET' ? {} : { json: sample.body ?? {} }) });
  }
  if (part === 'query') {
    const query = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { junk: String(value) };
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    return client.call(route, { ...sample, query: Object.fromEntries(search) });
  }
  return client.call(route, { ...sample, body: value });
}

describe.each(routeTable.map((route) => [route.name, route] as const))('%s with bad input', (_name, route) => {
  const persona = allowedPersona(route);

  it('answers 4xx with the error shape, never 5xx', async () => {
    const sample = ROUTE_SAMPLES[route.name]!(world);
    const attempts: { part: 'params' | 'query' | 'body'; value: unknown }[] = [
      ...violations(route.params, sample.params, true).map((value) => ({ part: 'params' as const, value })).filter((a) => typeof a.value === 'object' && !Array.isArray(a.value)),
      ...violations(route.query, sample.query, true).map((value) => ({ part: 'query' as const, value })),
      ...violations(route.body, sample.body as Record<string, unknown>).map((value) => ({ part: 'body' as const, value })),
    ];
    for (const attempt of attempts) {
      const response = await send(route, persona, sample, attempt.part, attempt.value);
      const label = `${route.method} ${route.path} ${attempt.part}=${JSON.stringify(attempt.value)?.slice(0, 80)}`;
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      const body = (await response.json()) as { message?: unknown; errors?: unknown };
      expect(typeof body.message, label).toBe('string');
      if (response.status === 422) expect(body.errors, label).toBeTypeOf('object');
    }
  });

});

describe.each(routeTable.filter((route) => route.body).map((route) => [route.name, route] as const))('%s with a broken body', (_name, route) => {
  it('refuses a body that is not JSON with 422, not 500', async () => {
    const client = harness.client(await world.session(allowedPersona(route)));
    const sample = ROUTE_SAMPLES[route.name]!(world);
    const path = route.path.replace(/\{([^}]+)\}/g, (_, key: string) => String((sample.params as Record<string, unknown>)?.[key]));
    const response = await client.request(path, { method: route.method, body: '{"broken', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(422);
  });
});

describe('unsafe requests without the XSRF header', () => {
  it('are refused with 419 and a clear message', async () => {
    const client = harness.client(await world.session('managerA'));
    const response = await client.request('/api/auth/logout', { method: 'POST', json: {}, withXsrf: false });
    expect(response.status).toBe(419);
    expect(((await response.json()) as { message: string }).message).toMatch(/Refresh the page/);
  });
});
