import { createApiClient, type ApiClient } from '@portal/contracts';

/** A request as the fake server saw it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, or the multipart fields as an object of strings. */
  body: unknown;
}

/** An answer other than 200: `reply(422, { message, errors })`. */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown) => new FakeReply(status, body);

/** Answers one route; returns the 200 body or a `reply(...)`; may wait (a promise). */
export type FakeHandler = (request: FakeRequest) => unknown;

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  // Text fields as strings, file parts as the File received.
  if (type.includes('multipart/form-data')) return Object.fromEntries((await request.formData()).entries());
  return undefined;
}

/**
 * The real typed client over a fake server: `handlers` are keyed 'GET /api/admin/company-options'.
 * Tests see what a page sends (`requests`) and what lands on the screen, not mocked internals.
 */
export function fakeApi(handlers: Record<string, FakeHandler>): { api: ApiClient; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const seen: FakeRequest = { method: request.method, path: url.pathname, query: url.searchParams, body: await readBody(request) };
    requests.push(seen);
    const handler = handlers[`${seen.method} ${seen.path}`];
    const answer = handler ? await handler(seen) : reply(404, { message: `No fake for ${seen.method} ${seen.path}` });
    const { status, body } = answer instanceof FakeReply ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body ?? {}), { status, headers: { 'content-type': 'application/json' } });
  };
  return { api: createApiClient({ prefix: 'http://portal.test', fetch }), requests };
}
