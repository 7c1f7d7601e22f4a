import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, idParam, XSRF_HEADER, type Role } from '@portal/contracts';
import { createRecordingEnrolmentPort, createTestPlatform, TestClient, unwiredPort, type TestPlatform } from '../testing';
import { jobsSchema } from '../jobs';
import type { Principal } from '../auth';
import type { CataloguePort, IdentityPort } from '../ports';
import type { Em } from '../db';
import { createServiceRouter } from './bind-routes';
import { parseServerTiming } from './server-timing';
import type { ServiceDeps } from './context';

// A tiny route table of the test's own: the kit must not know any service's routes.
const ping = defineRoute({
  name: 'test.ping',
  method: 'GET',
  path: '/api/test/ping',
  service: 'identity',
  access: 'public',
  summary: 'Public.',
  query: z.object({ echo: z.string().max(10, 'Too long.').optional() }),
  response: z.object({ echo: z.string().nullable(), signedInAs: z.string().nullable() }),
});

const addNote = defineRoute({
  name: 'test.notes.add',
  method: 'POST',
  path: '/api/test/company/{companyId}/notes',
  service: 'identity',
  access: ['manager'],
  tenant: { param: 'companyId' },
  summary: 'Manager only, for their company or its depots.',
  params: z.object({ companyId: idParam }),
  body: z.object({
    title: z.string().trim().min(1, 'Enter a title.'),
    count: z.number({ error: 'Enter a number.' }).int('Whole numbers only.'),
  }),
  response: z.object({ companyId: z.number().int(), title: z.string(), notes: z.number().int() }),
});

const broken = defineRoute({
  name: 'test.broken',
  method: 'GET',
  path: '/api/test/broken',
  service: 'identity',
  access: 'public',
  summary: 'Its handler breaks the response schema.',
  response: z.object({ count: z.number().int() }),
});

const beacon = defineRoute({
  name: 'test.beacon',
  method: 'POST',
  path: '/api/test/beacon',
  service: 'identity',
  access: 'signed-in',
  xsrf: 'launch-token',
  summary: 'Opts out of the XSRF header: a sendBeacon carries none; the handler checks a token in the URL.',
  query: z.object({ token: z.string() }),
  body: z.object({ n: z.number() }),
  response: z.object({ n: z.number(), token: z.string() }),
});

const COMPANY = 10;
const DEPOT_OF_COMPANY = 11;
const OTHER_COMPANY = 20;
const parents = new Map<number, number | null>([
  [COMPANY, null],
  [DEPOT_OF_COMPANY, COMPANY],
  [OTHER_COMPANY, null],
]);

const principals = new Map<string, Principal>();
function principal(token: string, role: Role, companyId: number): string {
  principals.set(token, {
    userId: principals.size + 1,
    sessionId: `s-${token}`,
    name: `${role} ${token}`,
    email: null,
    role,
    companyId,
    homeCompanyId: companyId,
    isMimicking: false,
  });
  return token;
}
const tokens = {
  learner: principal('learner-token', 'learner', COMPANY),
  manager: principal('manager-token', 'manager', COMPANY),
  depotManager: principal('depot-manager-token', 'manager', DEPOT_OF_COMPANY),
};

/** Identity as the kit sees it: a port. Here a map from session token to principal. */
const identity: IdentityPort = {
  resolvePrincipal: (token) => Promise.resolve(principals.get(token) ?? null),
  companyParentId: (companyId) => Promise.resolve(parents.has(companyId) ? parents.get(companyId)! : undefined),
  usersByIds: () => Promise.resolve([]),
  endSession: async () => {},
  isSessionLive: () => Promise.resolve(false),
  companyById: () => Promise.resolve(null),
  companyByEmail: () => Promise.resolve(null),
  usersByEmails: () => Promise.resolve([]),
  createLearners: () => Promise.resolve([]),
  sendMissingWelcomes: () => Promise.resolve(0),
  loginCodes: () => Promise.resolve([]),
  userLabels: () => Promise.resolve([]),
  companyDepots: () => Promise.resolve([]),
  signInLinks: () => Promise.resolve([]),
  updateLearner: () => Promise.resolve({ ok: false, errors: {} }),
  certificateRecipients: () => Promise.resolve({ sendCertificate: false, managerEmails: [] }),
  managersOf: () => Promise.resolve([]),
  companiesWithSetting: () => Promise.resolve([]),
};

let platform: TestPlatform;
let app: ReturnType<typeof buildApp>;

/** The handler writes a row, so the tests can see that a refused request never reached it. */
async function notesOf(em: Em, companyId: number): Promise<number> {
  const rows: { total: number | string }[] = await em.execute(
    em
      .getKnex()('jobs')
      .count({ total: '*' })
      .where({ name: `note-${companyId}` }),
  );
  return Number(rows[0]?.total ?? 0);
}
async function notesWritten(): Promise<number> {
  const em = platform.orm.em.fork();
  const rows: { total: number | string }[] = await em.execute(em.getKnex()('jobs').count({ total: '*' }));
  return Number(rows[0]?.total ?? 0);
}

function buildApp(deps: ServiceDeps) {
  return (
    createServiceRouter(deps)
      .handle(ping, ({ query, principal }) => Promise.resolve({ echo: query.echo ?? null, signedInAs: principal?.name ?? null }))
      .handle(addNote, async ({ em, params, body }) => {
        expect(em).not.toBe(deps.orm.em);
        const now = new Date();
        await em.execute(
          em
            .getKnex()('jobs')
            .insert({ name: `note-${params.companyId}`, payload: JSON.stringify(body), available_at: now, created_at: now }),
        );
        return { companyId: params.companyId, title: body.title, notes: await notesOf(em, params.companyId) };
      })
      // @ts-expect-error -- the handler breaks its response schema on purpose
      .handle(broken, () => Promise.resolve({ count: 'many' }))
      .handle(beacon, ({ query, body }) => Promise.resolve({ n: body.n, token: query.token })).app
  );
}

const client = (token?: string) => new TestClient(app, token ? { sessionToken: token } : {});
const notePath = (companyId: number | string) => `/api/test/company/${companyId}/notes`;
const validNote = { title: 'Toolbox talk', count: 3 };

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => identity,
      catalogue: () => unwiredPort<CataloguePort>('catalogue'),
      enrolment: () => createRecordingEnrolmentPort().port,
    },
  });
  app = buildApp(platform);
});
afterAll(() => platform.close());

let writtenBefore: number;
beforeEach(async () => {
  writtenBefore = await notesWritten();
});
const nothingWritten = async () => expect(await notesWritten()).toBe(writtenBefore);

describe('a public route', () => {
  it('answers anyone, with or without a session, and passes the principal when there is one', async () => {
    expect(await (await client().request('/api/test/ping?echo=hi')).json()).toEqual({ echo: 'hi', signedInAs: null });
    expect(await (await client(tokens.learner).request('/api/test/ping')).json()).toEqual({
      echo: null,
      signedInAs: 'learner learner-token',
    });
    expect(await (await client('unknown-token').request('/api/test/ping')).json()).toEqual({ echo: null, signedInAs: null });
  });

  it('still validates its query', async () => {
    const response = await client().request('/api/test/ping?echo=much-too-long');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'Too long.', code: 'validation', errors: { echo: ['Too long.'] } });
  });
});

describe('the checks of a bound route run in order 419 → 401 → 403 → 404/422 → tenant 403', () => {
  it('419 first: no XSRF header beats a missing session and a bad body', async () => {
    const response = await client().request(notePath('abc'), { method: 'POST', json: { title: '' }, withXsrf: false });
    expect(response.status).toBe(419);
    expect(((await response.json()) as { message: string }).message).toMatch(/Refresh the page/);
    await nothingWritten();
  });

  it('419 for a header that does not match the cookie, even for a manager with a valid request', async () => {
    const response = await client(tokens.manager).request(notePath(COMPANY), {
      method: 'POST',
      json: validNote,
      withXsrf: false,
      headers: { [XSRF_HEADER]: 'a-different-token' },
    });
    expect(response.status).toBe(419);
    await nothingWritten();
  });

  it('401 next: with XSRF but no (or an unknown) session, before role and input', async () => {
    for (const token of [undefined, 'unknown-token']) {
      const response = await client(token).request(notePath('abc'), { method: 'POST', json: { title: '' } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'unauthenticated' });
    }
    await nothingWritten();
  });

  it('403 for the wrong role, before input is looked at', async () => {
    const response = await client(tokens.learner).request(notePath('abc'), { method: 'POST', json: { title: '' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'You are not allowed to do that.', code: 'forbidden' });
    await nothingWritten();
  });

  it('422 for bad input before the tenant check, even aimed at another company', async () => {
    const response = await client(tokens.manager).request(notePath(OTHER_COMPANY), { method: 'POST', json: { title: '   ', count: 1.5 } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'Enter a title.',
      code: 'validation',
      errors: { title: ['Enter a title.'], count: ['Whole numbers only.'] },
    });
    await nothingWritten();
  });

  it('404 for a path id that is not canonical, as for a row that does not exist', async () => {
    for (const id of ['abc', '01', '0x1', '1e1', '-1', '1.0', '%201', '0', '2147483648']) {
      const response = await client(tokens.manager).request(notePath(id), { method: 'POST', json: validNote });
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    await nothingWritten();
  });

  it('tenant 403 last: valid input aimed at a company the manager may not act for', async () => {
    for (const [token, companyId] of [
      [tokens.manager, OTHER_COMPANY],
      [tokens.manager, 999],
      [tokens.depotManager, COMPANY],
    ] as const) {
      const response = await client(token).request(notePath(companyId), { method: 'POST', json: validNote });
      expect(response.status, `${token} → ${companyId}`).toBe(403);
      expect(await response.json()).toEqual({ message: 'You are not allowed to see this company.', code: 'forbidden' });
    }
    await nothingWritten();
  });

  it('runs the handler on a fresh entity manager for the own company and its depots', async () => {
    const own = await client(tokens.manager).request(notePath(COMPANY), { method: 'POST', json: { title: ' Toolbox talk ', count: 3 } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ companyId: COMPANY, title: 'Toolbox talk', notes: 1 });
    const depot = await client(tokens.manager).request(notePath(DEPOT_OF_COMPANY), { method: 'POST', json: validNote });
    expect(depot.status).toBe(200);
    const depotItself = await client(tokens.depotManager).request(notePath(DEPOT_OF_COMPANY), { method: 'POST', json: validNote });
    expect(await depotItself.json()).toEqual({ companyId: DEPOT_OF_COMPANY, title: 'Toolbox talk', notes: 2 });
    expect(await notesWritten()).toBe(writtenBefore + 3);
  });
});

describe("a route with xsrf: 'launch-token'", () => {
  it('accepts a text/plain body without the XSRF header (a sendBeacon), still after the session check', async () => {
    const response = await client(tokens.learner).request('/api/test/beacon?token=abc', {
      method: 'POST',
      body: JSON.stringify({ n: 7 }),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      withXsrf: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ n: 7, token: 'abc' });
    const anonymous = await client().request('/api/test/beacon?token=abc', { method: 'POST', json: { n: 7 }, withXsrf: false });
    expect(anonymous.status).toBe(401);
  });

  it('leaves every other unsafe route guarded by the header', async () => {
    const response = await client(tokens.manager).request(notePath(COMPANY), { method: 'POST', json: validNote, withXsrf: false });
    expect(response.status).toBe(419);
  });
});

describe('bodies that cannot be read', () => {
  it('answers 400 with a message, not 500, for JSON that does not parse', async () => {
    const response = await client(tokens.manager).request(notePath(COMPANY), {
      method: 'POST',
      body: '{"title": "Toolbox',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    await nothingWritten();
  });

  it('treats an empty body as an empty object, so each missing field gets its own error', async () => {
    const response = await client(tokens.manager).request(notePath(COMPANY), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['count', 'title']);
    expect(body.errors.count).toEqual(['Enter a number.']);
  });

  it('answers 422 for a JSON body that is not an object', async () => {
    const response = await client(tokens.manager).request(notePath(COMPANY), { method: 'POST', json: [1, 2] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('request');
  });
});

describe('a handler whose response breaks its contract', () => {
  it('is caught outside production: 500 with a message and the details', async () => {
    const response = await client().request('/api/test/broken');
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; error: string };
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(body.error).toContain('Response of test.broken breaks its contract');
  });

  it('is not re-checked in production, where details are never exposed', async () => {
    const production = buildApp({ ...platform, env: { ...platform.env, NODE_ENV: 'production' } });
    const response = await new TestClient(production).request('/api/test/broken');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 'many' });
  });
});

describe('a path that no route declares', () => {
  it('answers 404 with a message', async () => {
    const response = await client(tokens.manager).request('/api/test/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found.' });
  });
});

describe('Server-Timing (SERVER_TIMING=true, for the bench)', () => {
  it('names the stages a request went through, in order, and is absent unless asked for', async () => {
    const timed = buildApp({ ...platform, env: { ...platform.env, SERVER_TIMING: true } });
    const response = await new TestClient(timed, { sessionToken: tokens.manager }).request(notePath(COMPANY), {
      method: 'POST',
      json: validNote,
    });
    expect(response.status).toBe(200);
    const header = response.headers.get('Server-Timing') ?? '';
    expect(header.split(', ').map((stage) => stage.split(';')[0])).toEqual([
      'context',
      'session',
      'input',
      'tenant',
      'handler',
      'output',
      'json',
    ]);
    expect(parseServerTiming(header)).toEqual(expect.objectContaining({ session: expect.any(Number), handler: expect.any(Number) }));
    expect((await client(tokens.manager).request('/api/test/ping')).headers.get('Server-Timing')).toBeNull();
  });
});
