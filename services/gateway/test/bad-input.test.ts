import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bodyLimitOf,
  idParam,
  LONE_SURROGATE_MESSAGE,
  NUL_FILE_NAME_MESSAGE,
  NUL_MESSAGE,
  pathParamNames,
  queryShape,
  routeTable,
  type AnyRoute,
} from '@portal/contracts';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { createPersonaWorld, type PersonaName, type PersonaWorld } from './fixtures/personas';
import { ROUTE_SAMPLES, type SampleRequest } from './fixtures/route-samples';

let harness: GatewayHarness;
let world: PersonaWorld;

/** Every route's body limit is capped at this here (MAX_BODY_BYTES), so oversize cases stay fast. */
const BODY_CAP = 4 * 1024 * 1024;

beforeAll(async () => {
  harness = await createGatewayHarness({ env: { MAX_BODY_BYTES: String(BODY_CAP) } });
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
  return Object.fromEntries(
    Object.entries(candidate).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]),
  );
}

/** One value as an address carries it: an object or array as its JSON (as `asText` judges it), anything else as its text. */
function textOf(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value === null || value === undefined)
    return String(value);
  throw new Error(`No text for a ${typeof value} value.`);
}

/** Inputs that break a part's schema: each field replaced by values the schema rejects, and junk wholes. */
function violations(schema: z.ZodType | undefined, valid: Record<string, unknown> | undefined, travelsAsText = false): unknown[] {
  if (!schema) return [];
  const cases: unknown[] = ['a string', [1, 2, 3], 42];
  // List queries are piped (address names → one normalised shape): their fields are the pipe's input.
  const shape = queryShape(schema);
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
    const path = route.path.replace(/\{([^}]+)\}/g, (_, key: string) => encodeURIComponent(textOf(params?.[key] ?? '')) || '%20');
    return client.request(path, { method: route.method, ...(route.method === 'GET' ? {} : { json: sample.body ?? {} }) });
  }
  if (part === 'query') {
    const query =
      value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { junk: String(value) };
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, textOf(v)]));
    return client.call(route, { ...sample, query: Object.fromEntries(search) });
  }
  return client.call(route, { ...sample, body: value });
}

describe.each(routeTable.map((route) => [route.name, route] as const))('%s with bad input', (_name, route) => {
  const persona = allowedPersona(route);

  it('answers 4xx with the error shape, never 5xx', async () => {
    const sample = ROUTE_SAMPLES[route.name]!(world);
    const attempts: { part: 'params' | 'query' | 'body'; value: unknown }[] = [
      ...violations(route.params, sample.params, true)
        .map((value) => ({ part: 'params' as const, value }))
        .filter((a) => typeof a.value === 'object' && !Array.isArray(a.value)),
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

/* ------------------------------------------------------------- request hygiene, for every route */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The test gateway runs with MAX_BODY_BYTES = BODY_CAP, so a 2 GB route's oversize cases stay cheap. */
const effectiveLimit = (route: AnyRoute) => Math.min(bodyLimitOf(route), BODY_CAP);
const NON_CANONICAL_IDS = ['0x1', '1e1', '01', '-1', '1.0', ' 1'];
/** The same forms, of the sample's own id (so each would reach a real row if parsed loosely). */
const nonCanonicalFormsOf = (id: number) => [`0x${id.toString(16)}`, `${id}e0`, `0${id}`, `-${id}`, `${id}.0`, ` ${id}`];
const CHUNK = 64 * 1024;

type CaseKind =
  | 'malformedJson'
  | 'malformedMultipart'
  | 'oversizeLength'
  | 'oversizeChunked'
  | 'nulBody'
  | 'nulQuery'
  | 'nulPath'
  | 'nonCanonicalId'
  | 'forbiddenName'
  | 'loneSurrogate'
  | 'contentEncoding'
  | 'looseNumber';
const NO_CASES: Record<CaseKind, number> = {
  malformedJson: 0,
  malformedMultipart: 0,
  oversizeLength: 0,
  oversizeChunked: 0,
  nulBody: 0,
  nulQuery: 0,
  nulPath: 0,
  nonCanonicalId: 0,
  forbiddenName: 0,
  loneSurrogate: 0,
  contentEncoding: 0,
  looseNumber: 0,
};

/** Field names that would write into Object.prototype through a form's nesting or a dotted key (issue 25 D1). */
const PROTOTYPE_NAMES = [
  'courses[__proto__][xsrf]',
  'courses[__proto__][force]',
  'activities[__proto__][name]',
  '__proto__[polluted]',
  'a[constructor][prototype][polluted]',
  'cmi.__proto__.polluted',
];
/** The JSON of those, as own keys at several depths (JSON.parse makes `__proto__` an own key). */
const PROTOTYPE_JSON_KEYS = [
  '"__proto__":{"xsrf":"launch-token","force":1}',
  '"zz":{"constructor":{"prototype":{"polluted":1}}}',
  '"zz":[{"prototype":1}]',
];
/** What the tests' process must still look like afterwards: nothing of a request on Object.prototype. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
const expectCleanPrototype = (label: string) => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), label).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).xsrf, label).toBeUndefined();
};

/** Every number in a sample body, by path: each gets loose forms of itself (issue 25 D6). */
function numberLeaves(value: unknown, path: string[] = []): [string[], number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => numberLeaves(item, [...path, String(index)]));
  if (value && typeof value === 'object' && !(value instanceof Blob))
    return Object.entries(value).flatMap(([key, item]) => numberLeaves(item, [...path, key]));
  return [];
}
function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return (value as unknown[]).map((item, index) => (String(index) === head ? withValueAt(item, rest, replacement) : item));
  return { ...(value as Record<string, unknown>), [head!]: withValueAt((value as Record<string, unknown>)[head!], rest, replacement) };
}
/** Forms z.coerce.number took: hex, an exponent, and (in JSON, where it stays a boolean) `true`. */
const looseFormsOf = (n: number, json: boolean): unknown[] => [`0x${Math.abs(n).toString(16)}`, `${n}e0`, ...(json ? [true] : [])];
const casesSent = new Map<string, Record<CaseKind, number>>();

/** Every string in a sample body, by path: each gets its own NUL case. */
function stringLeaves(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}
function withNulAt(value: unknown, path: string[]): unknown {
  if (path.length === 0) return `${value as string}\u0000`;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return (value as unknown[]).map((item, index) => (String(index) === head ? withNulAt(item, rest) : item));
  return { ...(value as Record<string, unknown>), [head!]: withNulAt((value as Record<string, unknown>)[head!], rest) };
}

/** The route's path with the sample's params, one of them replaced by a raw (already encoded) segment. */
function pathWith(route: AnyRoute, sample: SampleRequest, override?: { key: string; segment: string }, query = ''): string {
  return (
    route.path.replace(/\{([^}]+)\}/g, (_, key: string) =>
      override?.key === key ? override.segment : encodeURIComponent(String(sample.params?.[key])),
    ) + query
  );
}

/** A body that yields 64 KB pieces only when read, counting what the server pulled. */
function countingBody(total: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const multipartType = 'multipart/form-data; boundary=hygiene';
const contentTypeFor = (route: AnyRoute) => (route.bodyType === 'multipart' ? multipartType : 'application/json');
const sampleQuery = (sample: SampleRequest) => (sample.query ? `?${new URLSearchParams(sample.query)}` : '');

async function expectAnswer(response: Response, status: number, label: string, errors?: Record<string, string[]>) {
  expect(response.status, label).toBe(status);
  const body = (await response.json()) as { message?: unknown; errors?: unknown };
  expect(typeof body.message, label).toBe('string');
  if (errors) expect(body.errors, label).toEqual(errors);
}

describe.each(routeTable.map((route) => [route.name, route] as const))('%s with hostile input', (_name, route) => {
  it('answers 400/413/415/422/404 as the binding says, never 5xx', async () => {
    const client = harness.client(await world.session(allowedPersona(route)));
    const sample = ROUTE_SAMPLES[route.name]!(world);
    const count: Record<CaseKind, number> = { ...NO_CASES };
    casesSent.set(route.name, count);
    const label = (what: string) => `${route.method} ${route.path}: ${what}`;
    const unsafe = UNSAFE.has(route.method);
    const multipart = route.bodyType === 'multipart';
    const validPath = pathWith(route, sample, undefined, sampleQuery(sample));
    const send = (path: string, init: RequestInit & { json?: unknown }) => client.request(path, { method: route.method, ...init });
    const sampleBody = () => (unsafe ? { json: sample.body ?? {} } : {});

    if (unsafe) {
      // Bodies that do not parse: 400 where the route takes that kind of body, 415 where it does not.
      const json = await send(validPath, { body: '{"broken', headers: { 'Content-Type': 'application/json' } });
      await expectAnswer(json, multipart ? 415 : 400, label('malformed JSON'));
      count.malformedJson++;
      for (const [type, body] of [
        ['multipart/form-data', 'no boundary at all'],
        [multipartType, '--hygiene\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut sho'],
        [multipartType, '--hygiene\r\nContent-Disposition form-data\r\n\r\nx\r\n--hygiene--\r\n'],
      ] as const) {
        const response = await send(validPath, { body, headers: { 'Content-Type': type } });
        await expectAnswer(response, multipart ? 400 : 415, label(`malformed multipart ${JSON.stringify(body)}`));
        count.malformedMultipart++;
      }

      // Over the limit: refused by Content-Length before a byte is read, or while a chunked body is read.
      const limit = effectiveLimit(route);
      const declared = countingBody(limit + 1);
      const byLength = await send(validPath, {
        body: declared.stream,
        headers: { 'Content-Type': contentTypeFor(route), 'Content-Length': String(limit + 1) },
        duplex: 'half',
      } as RequestInit);
      await expectAnswer(byLength, 413, label('oversize by Content-Length'));
      expect(declared.counter.pulled, label('nothing read of an oversize Content-Length')).toBe(0);
      count.oversizeLength++;
      const chunked = countingBody(limit + 4 * CHUNK);
      const byChunks = await send(validPath, {
        body: chunked.stream,
        headers: { 'Content-Type': contentTypeFor(route) },
        duplex: 'half',
      } as RequestInit);
      await expectAnswer(byChunks, 413, label('oversize chunked'));
      expect(chunked.counter.pulled, label('the rest of a chunked oversize body is not read')).toBeLessThanOrEqual(limit + 2 * CHUNK);
      count.oversizeChunked++;

      // A compressed body is refused, not read as plain bytes.
      const gzip = await send(validPath, {
        body: multipart ? `--hygiene--\r\n` : '{}',
        headers: { 'Content-Type': contentTypeFor(route), 'Content-Encoding': 'gzip' },
      });
      await expectAnswer(gzip, 415, label('Content-Encoding: gzip'));
      count.contentEncoding++;
    }

    // Names that reach Object.prototype: 400 in a form, a JSON body and a query, and the prototype stays clean.
    if (multipart) {
      for (const name of PROTOTYPE_NAMES) {
        const form = `--hygiene\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nlaunch-token\r\n--hygiene--\r\n`;
        await expectAnswer(
          await send(validPath, { body: form, headers: { 'Content-Type': multipartType } }),
          400,
          label(`form field ${name}`),
        );
        expectCleanPrototype(label(`form field ${name}`));
        count.forbiddenName++;
      }
    } else if (unsafe) {
      const sampleJson = JSON.stringify(sample.body ?? {});
      for (const key of PROTOTYPE_JSON_KEYS) {
        const json = sampleJson === '{}' ? `{${key}}` : `${sampleJson.slice(0, -1)},${key}}`;
        const response = await send(validPath, { body: json, headers: { 'Content-Type': 'application/json' } });
        await expectAnswer(response, 400, label(`JSON key ${key}`));
        expectCleanPrototype(label(`JSON key ${key}`));
        count.forbiddenName++;
      }
    }
    const hostileQuery = `?${new URLSearchParams({ ...sample.query, '__proto__[xsrf]': 'launch-token' })}`;
    await expectAnswer(await send(pathWith(route, sample, undefined, hostileQuery), sampleBody()), 400, label('query __proto__[xsrf]'));
    expectCleanPrototype(label('query __proto__[xsrf]'));
    count.forbiddenName++;

    if (route.body) {
      // A NUL in every string of the sample body, and in a field the schema does not know.
      const body = (sample.body ?? {}) as Record<string, unknown>;
      const cases: [unknown, string][] = [
        ...stringLeaves(body).map((path) => [withNulAt(body, path), path.join('.')] as [unknown, string]),
        [{ ...body, zz_nul: 'a\u0000b' }, 'zz_nul'],
      ];
      for (const [value, field] of cases) {
        const response = await client.call(route, { ...sample, body: value });
        await expectAnswer(response, 422, label(`NUL in body ${field}`), { [field]: [NUL_MESSAGE] });
        count.nulBody++;
      }
      if (!multipart) {
        // A lone surrogate (only JSON's escapes can carry one: form text is decoded to whole characters).
        const json = JSON.stringify({ ...body, zz_surrogate: 'a' }).replace('"zz_surrogate":"a"', '"zz_surrogate":"a\\ud800"');
        await expectAnswer(
          await send(validPath, { body: json, headers: { 'Content-Type': 'application/json' } }),
          422,
          label('lone surrogate'),
          { zz_surrogate: [LONE_SURROGATE_MESSAGE] },
        );
        count.loneSurrogate++;
      }
      // Every number of the sample body in the loose forms z.coerce.number took: 422.
      for (const [path, n] of numberLeaves(body)) {
        for (const loose of looseFormsOf(n, !multipart)) {
          const response = await client.call(route, { ...sample, body: withValueAt(body, path, loose) });
          await expectAnswer(response, 422, label(`${path.join('.')} = ${JSON.stringify(loose)}`));
          count.looseNumber++;
        }
      }
      if (multipart) {
        const form = `--hygiene\r\nContent-Disposition: form-data; name="nul_file"; filename*=utf-8''a%00b.zip\r\nContent-Type: application/zip\r\n\r\nPK\r\n--hygiene--\r\n`;
        const response = await send(validPath, { body: form, headers: { 'Content-Type': multipartType } });
        await expectAnswer(response, 422, label('NUL in a file name'), { nul_file: [NUL_FILE_NAME_MESSAGE] });
        count.nulBody++;
      }
    }

    // A NUL in every string of the sample query, and in a parameter the route does not take.
    const queries: [Record<string, string>, string][] = [
      ...Object.keys(sample.query ?? {}).map(
        (key) => [{ ...sample.query, [key]: `${sample.query![key]}\u0000` }, key] as [Record<string, string>, string],
      ),
      [{ ...sample.query, zz_nul: '\u0000' }, 'zz_nul'],
    ];
    for (const [query, field] of queries) {
      const response = await send(pathWith(route, sample, undefined, `?${new URLSearchParams(query)}`), sampleBody());
      await expectAnswer(response, 422, label(`NUL in query ${field}`), { [field]: [NUL_MESSAGE] });
      count.nulQuery++;
    }

    // Path ids: a NUL is a 422 on the parameter; any form but the canonical one is a 404.
    for (const key of pathParamNames(route.path)) {
      const id = Number(sample.params?.[key]);
      const nul = await send(pathWith(route, sample, { key, segment: `${id}%00` }, sampleQuery(sample)), sampleBody());
      await expectAnswer(nul, 422, label(`NUL in path ${key}`), { [key]: [NUL_MESSAGE] });
      count.nulPath++;
      for (const form of [...NON_CANONICAL_IDS, ...nonCanonicalFormsOf(id)]) {
        const response = await send(pathWith(route, sample, { key, segment: encodeURIComponent(form) }, sampleQuery(sample)), sampleBody());
        await expectAnswer(response, 404, label(`${key} = ${JSON.stringify(form)}`));
        count.nonCanonicalId++;
      }
    }

    // Not vacuous: every kind of input the route has got its cases.
    const ids = pathParamNames(route.path).length;
    expect(count.malformedJson, label('malformed JSON cases')).toBe(unsafe ? 1 : 0);
    expect(count.malformedMultipart, label('malformed multipart cases')).toBe(unsafe ? 3 : 0);
    expect(count.oversizeLength + count.oversizeChunked, label('oversize cases')).toBe(unsafe ? 2 : 0);
    if (route.body) expect(count.nulBody, label('NUL body cases')).toBe(stringLeaves(sample.body ?? {}).length + 1 + (multipart ? 1 : 0));
    expect(count.nulQuery, label('NUL query cases')).toBe(Object.keys(sample.query ?? {}).length + 1);
    expect(count.nulPath, label('NUL path cases')).toBe(ids);
    expect(count.nonCanonicalId, label('non-canonical id cases')).toBe(ids * 12);
    expect(count.forbiddenName, label('prototype name cases')).toBe(
      1 + (multipart ? PROTOTYPE_NAMES.length : unsafe ? PROTOTYPE_JSON_KEYS.length : 0),
    );
    expect(count.contentEncoding, label('Content-Encoding cases')).toBe(unsafe ? 1 : 0);
    if (route.body && !multipart) expect(count.loneSurrogate, label('lone surrogate cases')).toBe(1);
  });
});

describe('the hostile-input cases', () => {
  it('were sent to every route of the table', () => {
    expect([...casesSent.keys()].sort()).toEqual(routeTable.map((route) => route.name).sort());
    const total = (kind: CaseKind) => [...casesSent.values()].reduce((sum, count) => sum + count[kind], 0);
    const unsafeRoutes = routeTable.filter((route) => UNSAFE.has(route.method)).length;
    expect(total('malformedJson')).toBe(unsafeRoutes);
    expect(total('nulQuery')).toBeGreaterThanOrEqual(routeTable.length);
    // Every multipart route had the prototype names; the numbers of the samples their loose forms.
    const multipartRoutes = routeTable.filter((route) => route.bodyType === 'multipart');
    expect(multipartRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of multipartRoutes) expect(casesSent.get(route.name)!.forbiddenName, route.name).toBe(1 + PROTOTYPE_NAMES.length);
    expect(total('looseNumber')).toBeGreaterThanOrEqual(40);
    for (const name of ['user.create', 'user.mimicCompany', 'courses.create', 'credits.transfer', 'company.enrolWizard'])
      expect(casesSent.get(name)!.looseNumber, name).toBeGreaterThan(0);
    expect(total('nonCanonicalId')).toBe(12 * routeTable.reduce((sum, route) => sum + pathParamNames(route.path).length, 0));
  });

  it('name every path parameter with the canonical idParam', () => {
    const loose = routeTable.flatMap((route) => {
      const shape = route.params instanceof z.ZodObject ? (route.params.shape as Record<string, z.ZodType>) : {};
      return pathParamNames(route.path)
        .filter((key) => shape[key] !== idParam)
        .map((key) => `${route.name}: ${key}`);
    });
    expect(loose).toEqual([]);
  });
});

describe('the gateway before routing', () => {
  it('reads no body for an unknown /api route, an anonymous caller or a missing XSRF header', async () => {
    const big = () => countingBody(100 * 1024 * 1024);
    const post = (client: ReturnType<GatewayHarness['client']>, path: string, body: ReadableStream, withXsrf = true) =>
      client.request(path, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
        duplex: 'half',
        withXsrf,
      } as RequestInit);
    const unknown = big();
    await expectAnswer(
      await post(harness.client(await world.session('admin')), '/api/no-such-route', unknown.stream),
      404,
      'unknown /api route',
    );
    expect(unknown.counter.pulled).toBe(0);
    const anonymous = big();
    await expectAnswer(await post(harness.client(), '/api/user/mimicCompany', anonymous.stream), 401, 'anonymous caller');
    expect(anonymous.counter.pulled).toBe(0);
    const noXsrf = big();
    await expectAnswer(await post(harness.client(), '/api/auth/login', noXsrf.stream, false), 419, 'public route without XSRF');
    expect(noXsrf.counter.pulled).toBe(0);
    expect((await harness.client().request('/api/no-such-route')).status).toBe(404);
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
