import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serve, type ServerType } from '@hono/node-server';
import {
  DEFAULT_BODY_LIMIT,
  defineRoute,
  FORBIDDEN_NAME_MESSAGE,
  idParam,
  LONE_SURROGATE_MESSAGE,
  nestFormFields,
  NUL_FILE_NAME_MESSAGE,
  NUL_MESSAGE,
  XSRF_COOKIE,
  XSRF_HEADER,
  SESSION_COOKIE,
} from '@portal/contracts';
import { createTestPlatform, TestClient, unwiredPort, type TestPlatform } from '../testing';
import { jobsSchema } from '../jobs';
import { xsrfTokenFor } from './cookies';
import type { Principal } from '../auth';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';
import { createServiceRouter } from './bind-routes';
import { UploadedFile, uploadedFilePath } from './request-body';
import type { ServiceDeps } from './context';

// The kit's own little route table: a public JSON route, a signed-in one with an id, uploads.
const signIn = defineRoute({
  name: 'test.signIn',
  method: 'POST',
  path: '/api/test/sign-in',
  service: 'identity',
  access: 'public',
  summary: 'Public, with a body.',
  body: z.object({ email: z.string(), password: z.string() }),
  response: z.object({ ok: z.literal(true) }),
});

const saveThing = defineRoute({
  name: 'test.things.save',
  method: 'POST',
  path: '/api/test/things/{id}',
  service: 'identity',
  access: 'signed-in',
  summary: 'Signed in, with an id, a query and a nested body.',
  params: z.object({ id: idParam }),
  query: z.object({ tag: z.string().optional() }),
  body: z.object({ title: z.string(), tags: z.array(z.string()).optional(), meta: z.record(z.string(), z.unknown()).optional() }),
  response: z.object({ id: z.number(), title: z.string() }),
});

const poke = defineRoute({
  name: 'test.poke',
  method: 'POST',
  path: '/api/test/poke',
  service: 'identity',
  access: 'signed-in',
  summary: 'No input at all.',
  response: z.object({ ok: z.literal(true) }),
});

const beacon = defineRoute({
  name: 'test.beacon',
  method: 'POST',
  path: '/api/test/beacon',
  service: 'identity',
  access: 'signed-in',
  xsrf: 'launch-token',
  summary: 'Takes text/plain JSON.',
  body: z.object({ n: z.number() }),
  response: z.object({ n: z.number() }),
});

const UPLOAD_LIMIT = 3 * 1024 * 1024;
const uploadBody = z.preprocess(
  nestFormFields,
  z.object({
    title: z.string(),
    doc: z.instanceof(File, { error: 'Choose a file.' }),
    items: z.array(z.object({ name: z.string() })).optional(),
  }),
);
const upload = defineRoute({
  name: 'test.upload',
  method: 'POST',
  path: '/api/test/upload',
  service: 'identity',
  access: 'signed-in',
  summary: 'A multipart upload with a limit of its own.',
  bodyType: 'multipart',
  bodyLimit: UPLOAD_LIMIT,
  body: uploadBody,
  response: z.object({ title: z.string(), name: z.string(), size: z.number(), text: z.string(), items: z.number() }),
});

const smallUpload = defineRoute({
  name: 'test.smallUpload',
  method: 'POST',
  path: '/api/test/small-upload',
  service: 'identity',
  access: 'signed-in',
  summary: 'A multipart upload with the default limit.',
  bodyType: 'multipart',
  body: uploadBody,
  response: z.object({ size: z.number() }),
});

const principals = new Map<string, Principal>([
  [
    'learner-token',
    { userId: 1, sessionId: 's-1', name: 'Lee', email: null, role: 'learner', companyId: 1, homeCompanyId: 1, isMimicking: false },
  ],
]);
const identity: IdentityPort = {
  resolvePrincipal: (token) => Promise.resolve(principals.get(token) ?? null),
  companyParentId: () => Promise.resolve(null),
  // Spreading unwiredPort (a Proxy) copied nothing: these two are never reached here.
  usersByIds: () => Promise.reject(new Error('The identity port is not part of this test (called usersByIds).')),
  endSession: () => Promise.reject(new Error('The identity port is not part of this test (called endSession).')),
  isSessionLive: () => Promise.reject(new Error('The identity port is not part of this test (called isSessionLive).')),
  companyById: () => Promise.reject(new Error('The identity port is not part of this test (called companyById).')),
  companyByEmail: () => Promise.reject(new Error('The identity port is not part of this test (called companyByEmail).')),
  usersByEmails: () => Promise.reject(new Error('The identity port is not part of this test (called usersByEmails).')),
  createLearners: () => Promise.reject(new Error('The identity port is not part of this test (called createLearners).')),
  sendMissingWelcomes: () => Promise.reject(new Error('The identity port is not part of this test (called sendMissingWelcomes).')),
  loginCodes: () => Promise.reject(new Error('The identity port is not part of this test (called loginCodes).')),
  userLabels: () => Promise.reject(new Error('The identity port is not part of this test (called userLabels).')),
  companyDepots: () => Promise.reject(new Error('The identity port is not part of this test (called companyDepots).')),
  signInLinks: () => Promise.reject(new Error('The identity port is not part of this test (called signInLinks).')),
  updateLearner: () => Promise.reject(new Error('The identity port is not part of this test (called updateLearner).')),
  certificateRecipients: () => Promise.reject(new Error('The identity port is not part of this test (called certificateRecipients).')),
  managersOf: () => Promise.reject(new Error('The identity port is not part of this test (called managersOf).')),
  companiesWithSetting: () => Promise.reject(new Error('The identity port is not part of this test (called companiesWithSetting).')),
};

/** What the upload handler saw, so the tests can look at the temporary files afterwards. */
const seen: { paths: string[] } = { paths: [] };

function buildApp(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(signIn, () => Promise.resolve({ ok: true as const }))
    .handle(saveThing, ({ params, body }) => Promise.resolve({ id: params.id, title: body.title }))
    .handle(poke, () => Promise.resolve({ ok: true as const }))
    .handle(beacon, ({ body }) => Promise.resolve({ n: body.n }))
    .handle(upload, ({ body }) => {
      const path = uploadedFilePath(body.doc);
      expect(body.doc).toBeInstanceOf(UploadedFile);
      expect(path && existsSync(path)).toBe(true);
      seen.paths.push(path!);
      if (body.title === 'fail') throw new Error('the handler broke');
      return Promise.resolve({
        title: body.title,
        name: body.doc.name,
        size: body.doc.size,
        text: readFileSync(path!, 'utf8').slice(0, 20),
        items: body.items?.length ?? 0,
      });
    })
    .handle(smallUpload, ({ body }) => Promise.resolve({ size: body.doc.size })).app;
}

let platform: TestPlatform;
let app: ReturnType<typeof buildApp>;
const client = (signedIn = true) => new TestClient(app, signedIn ? { sessionToken: 'learner-token' } : {});

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => identity,
      catalogue: () => unwiredPort<CataloguePort>('catalogue'),
      enrolment: () => unwiredPort<EnrolmentPort>('enrolment'),
    },
  });
  app = buildApp(platform);
});
afterAll(() => platform.close());

async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: unknown; errors?: unknown };
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  return body;
}

function multipart(boundary: string, parts: string[]): string {
  return parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
}

/** A body that yields `chunk`-sized pieces only when read, counting what was pulled. */
function countingStream(total: number, chunk = 64 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(chunk, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}
const streamed = (stream: ReadableStream, headers: Record<string, string>) =>
  ({ method: 'POST', body: stream, headers, duplex: 'half' }) as RequestInit;

describe('bodies that do not parse', () => {
  it('answer 400 for malformed JSON, before sign-in and after', async () => {
    const broken = { method: 'POST', body: '{"email": "x', headers: { 'Content-Type': 'application/json' } };
    await expectError(await client(false).request('/api/test/sign-in', broken), 400, /not valid JSON/);
    await expectError(await client().request('/api/test/things/1', broken), 400, /not valid JSON/);
    await expectError(await client().request('/api/test/poke', broken), 400, /not valid JSON/);
  });

  it('answer 400 for JSON that is not UTF-8', async () => {
    const response = await client().request('/api/test/things/1', {
      method: 'POST',
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
      headers: { 'Content-Type': 'application/json' },
    });
    await expectError(response, 400, /UTF-8/);
  });

  it('answer 400 for a malformed multipart form: no boundary, a broken part header, a form cut short', async () => {
    const cases: [string, string][] = [
      ['multipart/form-data', 'whatever'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition form-data\r\n\r\nvalue\r\n--xyz--\r\n'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhal'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\n\r\nhalf a fi'],
    ];
    for (const [type, body] of cases) {
      await expectError(
        await client().request('/api/test/upload', { method: 'POST', body, headers: { 'Content-Type': type } }),
        400,
        /malformed/,
      );
    }
  });

  it('answer 415 for a content type the route does not take', async () => {
    await expectError(
      await client().request('/api/test/things/1', {
        method: 'POST',
        body: 'title=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
      /JSON/,
    );
    await expectError(
      await client().request('/api/test/things/1', { method: 'POST', body: '{"title":"x"}', headers: { 'Content-Type': 'text/plain' } }),
      415,
    );
    await expectError(await client().request('/api/test/upload', { method: 'POST', json: { title: 'x' } }), 415, /multipart/);
    await expectError(await client(false).request('/api/test/sign-in', { method: 'POST', body: new FormData() }), 415);
  });

  it('still take text/plain JSON on a launch-token route and a urlencoded form on a multipart route', async () => {
    const beaconed = await client().request('/api/test/beacon', {
      method: 'POST',
      body: '{"n":7}',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      withXsrf: false,
    });
    expect(await beaconed.json()).toEqual({ n: 7 });
    const form = await client().request('/api/test/upload', { method: 'POST', body: new URLSearchParams({ title: 'x' }) });
    expect((await expectError(form, 422)).errors).toEqual({ doc: ['Choose a file.'] });
  });
});

describe('a NUL character', () => {
  it('is a 422 on its field, wherever it is', async () => {
    const cases: [string, Parameters<TestClient['request']>[1], Record<string, string[]>][] = [
      ['/api/test/things/1%00', { method: 'POST', json: { title: 'x' } }, { id: [NUL_MESSAGE] }],
      ['/api/test/things/1?tag=a%00b', { method: 'POST', json: { title: 'x' } }, { tag: [NUL_MESSAGE] }],
      ['/api/test/things/1?other=%00', { method: 'POST', json: { title: 'x' } }, { other: [NUL_MESSAGE] }],
      ['/api/test/things/1', { method: 'POST', json: { title: 'x\u0000' } }, { title: [NUL_MESSAGE] }],
      ['/api/test/things/1', { method: 'POST', json: { title: 'x', tags: ['ok', '\u0000'] } }, { 'tags.1': [NUL_MESSAGE] }],
      [
        '/api/test/things/1',
        { method: 'POST', json: { title: 'x', meta: { deep: [{ note: 'a\u0000' }] } } },
        { 'meta.deep.0.note': [NUL_MESSAGE] },
      ],
      ['/api/test/things/1', { method: 'POST', json: { title: 'x', meta: { 'k\u0000': 1 } } }, { 'meta.k': [NUL_MESSAGE] }],
      ['/api/test/poke', { method: 'POST', json: { anything: '\u0000' } }, { anything: [NUL_MESSAGE] }],
      ['/api/test/sign-in', { method: 'POST', json: { email: 'a@b.test', password: 'pass\u0000word' } }, { password: [NUL_MESSAGE] }],
    ];
    for (const [path, init, errors] of cases) {
      const body = await expectError(await client(!path.includes('sign-in')).request(path, init), 422);
      expect(body.errors, path).toEqual(errors);
    }
  });

  it('is a 422 in a multipart field or an uploaded file’s name', async () => {
    const form = new FormData();
    form.append('title', 'ok');
    form.append('items[0][name]', 'a\u0000b');
    form.append('doc', new File(['hello'], 'doc.txt'));
    expect((await expectError(await client().request('/api/test/upload', { method: 'POST', body: form }), 422)).errors).toEqual({
      'items.0.name': [NUL_MESSAGE],
    });

    const named = multipart('xyz', [
      'Content-Disposition: form-data; name="title"\r\n\r\nok',
      `Content-Disposition: form-data; name="doc"; filename*=utf-8''a%00b.txt\r\nContent-Type: text/plain\r\n\r\nhello`,
    ]);
    const response = await client().request('/api/test/upload', {
      method: 'POST',
      body: named,
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expect((await expectError(response, 422)).errors).toEqual({ doc: [NUL_FILE_NAME_MESSAGE] });
  });
});

describe('a lone surrogate', () => {
  it('is a 422 on its field in JSON, where an escape can carry one', async () => {
    const response = await client().request('/api/test/things/1', {
      method: 'POST',
      body: '{"title":"a\\ud800b","meta":{"k\\udc00":"x"}}',
      headers: { 'Content-Type': 'application/json' },
    });
    const body = await expectError(response, 422);
    expect(body.errors).toEqual({ title: [LONE_SURROGATE_MESSAGE], 'meta.k\udc00': [LONE_SURROGATE_MESSAGE] });
    expect((await client().call(saveThing, { params: { id: 1 }, body: { title: 'a \ud83d\ude00 pair' } })).status).toBe(200);
  });
});

/** Keys of Object.prototype a hostile name could have set: none may be there after a test. */
const pollution = () =>
  ['xsrf', 'polluted', 'title', 'name', 'bodyType', 'access', 'tenant'].filter((key) => Object.hasOwn(Object.prototype, key));

describe('a name with __proto__, constructor or prototype (issue 25)', () => {
  const form = (name: string) =>
    multipart('xyz', [
      'Content-Disposition: form-data; name="title"\r\n\r\nhello',
      `Content-Disposition: form-data; name="${name}"\r\n\r\nlaunch-token`,
      'Content-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc',
    ]);
  const names = [
    'items[__proto__][xsrf]',
    'items[0][__proto__][polluted]',
    '__proto__[polluted]',
    'items[constructor][prototype][polluted]',
    'constructor[prototype][xsrf]',
    'prototype',
    'a.__proto__.polluted',
  ];

  it('is refused with 400 in a multipart or urlencoded form, and Object.prototype stays clean', async () => {
    for (const name of names) {
      const response = await client().request('/api/test/upload', {
        method: 'POST',
        body: form(name),
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      });
      await expectError(response, 400, new RegExp(FORBIDDEN_NAME_MESSAGE.slice(0, 20)));
      const urlencoded = await client().request('/api/test/small-upload', {
        method: 'POST',
        body: `${encodeURIComponent(name)}=x&title=t`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      await expectError(urlencoded, 400, new RegExp(FORBIDDEN_NAME_MESSAGE.slice(0, 20)));
      expect(pollution(), name).toEqual([]);
    }
  });

  it('is refused with 400 as a JSON key at any depth, and in a query', async () => {
    for (const json of [
      '{"title":"t","__proto__":{"xsrf":"launch-token"}}',
      '{"title":"t","meta":{"constructor":{"prototype":{"polluted":1}}}}',
      '{"title":"t","tags":[],"meta":{"a.__proto__.b":1}}',
    ]) {
      const response = await client().request('/api/test/things/1', {
        method: 'POST',
        body: json,
        headers: { 'Content-Type': 'application/json' },
      });
      await expectError(response, 400, new RegExp(FORBIDDEN_NAME_MESSAGE.slice(0, 20)));
    }
    for (const query of ['__proto__[xsrf]=x', 'constructor=1', 'tag.prototype=1']) {
      await expectError(await client().request(`/api/test/things/1?${query}`, { method: 'POST', json: { title: 't' } }), 400);
    }
    expect(pollution()).toEqual([]);
  });
});

describe('route options', () => {
  it('are read from the route itself: a polluted Object.prototype turns no XSRF check off and no route into another kind', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.xsrf = 'launch-token';
      proto.bodyType = 'multipart';
      const noHeader = await client().request('/api/test/things/1', { method: 'POST', json: { title: 't' }, withXsrf: false });
      await expectError(noHeader, 419);
      expect((await client().request('/api/test/things/1', { method: 'POST', json: { title: 't' } })).status).toBe(200);
    } finally {
      delete proto.xsrf;
      delete proto.bodyType;
    }
  });
});

describe('a Content-Encoding', () => {
  it('other than identity is refused with 415 before the body is read, JSON or form', async () => {
    for (const encoding of ['gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown']) {
      const json = await client().request('/api/test/things/1', {
        method: 'POST',
        body: '{"title":"t"}',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
      });
      await expectError(json, 415, /uncompressed/);
      const upload = await client().request('/api/test/upload', {
        method: 'POST',
        body: multipart('xyz', ['Content-Disposition: form-data; name="title"\r\n\r\nt']),
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Encoding': encoding },
      });
      await expectError(upload, 415, /uncompressed/);
    }
    const identity = await client().request('/api/test/things/1', {
      method: 'POST',
      body: '{"title":"t"}',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'identity' },
    });
    expect(identity.status).toBe(200);
  });
});

describe('a path id', () => {
  it('is taken only in canonical form; anything else is a 404', async () => {
    for (const id of ['0x1', '1e1', '01', '-1', '1.0', '%201', '1%20', '+1', '0', '2147483648', '99999999999999999999']) {
      const response = await client().request(`/api/test/things/${id}`, { method: 'POST', json: { title: 'x' } });
      expect(response.status, id).toBe(404);
    }
    const fine = await client().request('/api/test/things/2147483647', { method: 'POST', json: { title: 'x' } });
    expect(await fine.json()).toEqual({ id: 2147483647, title: 'x' });
  });
});

describe('the body limit', () => {
  it('refuses a Content-Length over the limit with 413 without reading a byte', async () => {
    const { stream, counter } = countingStream(DEFAULT_BODY_LIMIT + 1);
    const response = await client().request(
      '/api/test/things/1',
      streamed(stream, { 'Content-Type': 'application/json', 'Content-Length': String(DEFAULT_BODY_LIMIT + 1) }),
    );
    await expectError(response, 413, /at most 1 MB/);
    expect(response.headers.get('connection')).toBe('close');
    expect(counter.pulled).toBe(0);
  });

  it('refuses a streamed body with 413 once it passes the limit, without reading the rest', async () => {
    for (const [path, type, limit] of [
      ['/api/test/things/1', 'application/json', DEFAULT_BODY_LIMIT],
      ['/api/test/poke', 'application/json', DEFAULT_BODY_LIMIT],
      ['/api/test/small-upload', 'multipart/form-data; boundary=xyz', DEFAULT_BODY_LIMIT],
      ['/api/test/upload', 'multipart/form-data; boundary=xyz', UPLOAD_LIMIT],
    ] as const) {
      const chunk = 64 * 1024;
      const { stream, counter } = countingStream(limit * 10, chunk);
      const response = await client().request(path, streamed(stream, { 'Content-Type': type }));
      await expectError(response, 413);
      expect(counter.pulled, path).toBeGreaterThan(limit);
      expect(counter.pulled, path).toBeLessThanOrEqual(limit + 2 * chunk);
    }
  });

  it('reads nothing of an anonymous or refused caller’s body', async () => {
    const anonymous = countingStream(100 * DEFAULT_BODY_LIMIT);
    await expectError(
      await client(false).request('/api/test/things/1', streamed(anonymous.stream, { 'Content-Type': 'application/json' })),
      401,
    );
    expect(anonymous.counter.pulled).toBe(0);
    const noXsrf = countingStream(100 * DEFAULT_BODY_LIMIT);
    await expectError(
      await client().request('/api/test/upload', {
        ...streamed(noXsrf.stream, { 'Content-Type': 'multipart/form-data; boundary=xyz' }),
        withXsrf: false,
      }),
      419,
    );
    expect(noXsrf.counter.pulled).toBe(0);
  });

  it('lets a route declare a larger limit, and streams its files to temporary files removed after the handler', async () => {
    const content = 'x'.repeat(2 * 1024 * 1024);
    const form = new FormData();
    form.append('title', 'Big one');
    form.append('items[0][name]', 'first');
    form.append('doc', new File([content], 'big.txt', { type: 'text/plain' }));
    const response = await client().request('/api/test/upload', { method: 'POST', body: form });
    expect(await response.json()).toEqual({ title: 'Big one', name: 'big.txt', size: content.length, text: 'x'.repeat(20), items: 1 });
    expect(existsSync(seen.paths.at(-1)!)).toBe(false);

    const refused = await client().request('/api/test/small-upload', { method: 'POST', body: form });
    await expectError(refused, 413);
  });

  it('removes the temporary files when the handler fails, or the form is refused', async () => {
    const form = new FormData();
    form.append('title', 'fail');
    form.append('doc', new File(['data'], 'a.txt'));
    expect((await client().request('/api/test/upload', { method: 'POST', body: form })).status).toBe(500);
    expect(existsSync(seen.paths.at(-1)!)).toBe(false);
  });

  it('can be lowered for every route by MAX_BODY_BYTES', async () => {
    const capped = buildApp({ ...platform, env: { ...platform.env, MAX_BODY_BYTES: 100 } });
    const cappedClient = new TestClient(capped, { sessionToken: 'learner-token' });
    const response = await cappedClient.request('/api/test/things/1', { method: 'POST', json: { title: 'x'.repeat(200) } });
    await expectError(response, 413, /at most 100 bytes/);
    expect((await cappedClient.request('/api/test/things/1', { method: 'POST', json: { title: 'x' } })).status).toBe(200);
  });
});

describe('behind the Node server', () => {
  let server: ServerType;
  let port: number;
  const LIMIT = DEFAULT_BODY_LIMIT;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * Posts up to `total` bytes in 64 KB chunks, writing the next chunk only once the socket took
   * the last one, and stops as soon as the answer arrives. Resolves with the status and the bytes
   * sent by then.
   */
  function post(path: string, headers: Record<string, string>, total: number) {
    return new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          Cookie: `${XSRF_COOKIE}=${xsrfTokenFor('learner-token')}; ${SESSION_COOKIE}=learner-token`,
          [XSRF_HEADER]: xsrfTokenFor('learner-token'),
          ...headers,
        },
      });
      req.on('response', (response: IncomingMessage) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode!, sent });
        req.destroy();
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const writeNext = () => {
        if (answered || req.destroyed) return;
        if (sent >= total) return void req.end();
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(writeNext);
        else req.once('drain', writeNext);
      };
      if (total === 0) req.flushHeaders();
      else writeNext();
    });
  }

  it('reads a JSON body of a declared length in one piece: the same answers as a streamed one', async () => {
    const send = (body: string | Blob) =>
      fetch(`http://127.0.0.1:${port}/api/test/things/1`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: `${XSRF_COOKIE}=${xsrfTokenFor('learner-token')}; ${SESSION_COOKIE}=learner-token`,
          [XSRF_HEADER]: xsrfTokenFor('learner-token'),
        },
        body,
      });
    const ok = await send(JSON.stringify({ title: 'Grüße ✓', meta: { deep: ['x'] } }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ title: 'Grüße ✓' });
    expect((await send('{"title": ')).status).toBe(400);
    expect((await send(new Blob([new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d])]))).status).toBe(400);
    expect((await send(JSON.stringify({ title: 'a\u0000b' }))).status).toBe(422);
  });

  it('answers 413 to a Content-Length over the limit before any of the body is sent', async () => {
    const result = await post('/api/test/things/1', { 'Content-Type': 'application/json', 'Content-Length': String(LIMIT + 1) }, 0);
    expect(result).toEqual({ status: 413, sent: 0 });
  });

  it('answers 401 to an anonymous caller before any of a huge body is sent', async () => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/test/things/1',
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(200 * 1024 * 1024),
        Cookie: `${XSRF_COOKIE}=t`,
        [XSRF_HEADER]: 't',
      },
    });
    const status = await new Promise<number>((resolve, reject) => {
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(401);
  });

  it('answers 413 to a chunked body while the client is still sending it', async () => {
    const total = 64 * LIMIT;
    const result = await post('/api/test/things/1', { 'Content-Type': 'application/json' }, total);
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(total);
  });
});
