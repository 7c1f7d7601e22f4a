import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient } from './client';
import { companyDashboard, login, shell, verifyCertificate } from './routes';
import type { RouteInput, RouteOutput } from './route';

/** A fetch that records requests and answers from a table, standing in for the network. */
function recordingFetch(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    return answer(request);
  }) as typeof globalThis.fetch;
  return { fetch, requests, bodies };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createApiClient', () => {
  it('fills path parameters and query strings from the route table', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, { ok: true }));
    const api = createApiClient({ prefix: 'http://portal.test', fetch });
    await api.call(companyDashboard, { params: { companyId: 7 } });
    await api.call(verifyCertificate, { query: { code: 'ABC 1' } });
    expect(requests[0]!.url).toBe('http://portal.test/api/company/7/dashboard');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[1]!.url).toBe('http://portal.test/api/certificates/verify?code=ABC+1');
  });

  it('refuses an object where a path or query value goes, instead of sending "[object Object]"', async () => {
    const { fetch, requests } = recordingFetch(() => json(200, { ok: true }));
    const api = createApiClient({ prefix: 'http://portal.test', fetch });
    await expect(api.call(companyDashboard, { params: { companyId: { id: 7 } } })).rejects.toThrow(
      'companyId: expected a string, number or boolean, got object',
    );
    await expect(api.call(verifyCertificate, { query: { code: { text: 'ABC' } as never } })).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });

  it('sends JSON bodies on unsafe methods', async () => {
    const { fetch, requests, bodies } = recordingFetch(() => json(200, { user: {}, redirect: '/' }));
    const api = createApiClient({ prefix: 'http://portal.test', fetch });
    await api.call(login, { body: { login_code: 'ABC' } });
    expect(requests[0]!.method).toBe('POST');
    expect(JSON.parse(bodies[0]!)).toEqual({ login_code: 'ABC' });
    expect(requests[0]!.headers.get('content-type')).toContain('application/json');
  });

  it('turns a 422 into an ApiError carrying the field errors', async () => {
    const { fetch } = recordingFetch(() => json(422, { message: 'Enter your password.', errors: { password: ['Enter your password.'] } }));
    const api = createApiClient({ prefix: 'http://portal.test', fetch });
    const error = await api.call(login, { body: { email: 'a@b.test' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldErrors).toEqual({ password: ['Enter your password.'] });
  });

  it('calls onUnauthorized on a 401 and onRedirect on a 409 with a location', async () => {
    let unauthorized = 0;
    const redirects: string[] = [];
    const statuses = [401, 409];
    const { fetch } = recordingFetch(() => {
      const status = statuses.shift()!;
      return json(status, status === 409 ? { message: 'Moved', location: '/elsewhere' } : { message: 'Signed out' });
    });
    const api = createApiClient({
      prefix: 'http://portal.test',
      fetch,
      onUnauthorized: () => unauthorized++,
      onRedirect: (l) => redirects.push(l),
    });
    await expect(api.call(shell)).rejects.toBeInstanceOf(ApiError);
    await expect(api.call(shell)).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(1);
    expect(redirects).toEqual(['/elsewhere']);
  });

  it('types inputs and outputs from the route', () => {
    expectTypeOf<RouteInput<typeof companyDashboard>>().toEqualTypeOf<{ params: { companyId: unknown } }>();
    expectTypeOf<RouteOutput<typeof shell>['user']['role']>().toEqualTypeOf<'learner' | 'manager' | 'admin'>();
  });
});
