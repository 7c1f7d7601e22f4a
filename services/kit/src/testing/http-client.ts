import {
  appendFormFields,
  fillPath,
  SECURE_XSRF_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  SESSION_COOKIE,
  type AnyRoute,
  type RouteDef,
} from '@portal/contracts';
import type { z } from 'zod';

import { xsrfTokenFor } from '../http/cookies';

/**
 * A route's path parameters by the names its contract gives them (any values: tests send hostile
 * ones too), so a misnamed parameter fails the typecheck; a route known only as AnyRoute takes any.
 */
type ParamsOf<R> =
  R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType>
    ? z.ZodType extends P
      ? Record<string, unknown>
      : { [K in keyof z.input<P>]: unknown }
    : Record<string, unknown>;

type Fetchable = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * Talks to a Hono app like a browser does: keeps cookies, echoes the XSRF cookie on unsafe
 * requests. `sessionToken` starts it signed in.
 */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: Fetchable,
    options: { sessionToken?: string } = {},
  ) {
    // The XSRF cookie a page of this session would have been given (a fixed one before sign-in).
    this.cookies.set(XSRF_COOKIE, options.sessionToken ? xsrfTokenFor(options.sessionToken) : 'test-xsrf-token');
    if (options.sessionToken) this.cookies.set(SESSION_COOKIE, options.sessionToken);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, init: RequestInit & { json?: unknown; withXsrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && init.withXsrf !== false)
      headers.set(XSRF_HEADER, this.cookies.get(SECURE_XSRF_COOKIE) ?? this.cookies.get(XSRF_COOKIE) ?? '');
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await this.app.request(path, { ...init, method, headers, body });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = setCookie.split(';');
      const [name, ...value] = pair!.split('=');
      const isDeleted = attributes.some((a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (isDeleted) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('=').trim());
    }
    return response;
  }

  /** Calls a route of the table with params, query and body (a multipart route's body as a form, like the API client). */
  call<R extends AnyRoute>(route: R, input: { params?: ParamsOf<R>; query?: Record<string, string>; body?: unknown } = {}) {
    const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
    const path = fillPath(route.path, input.params) + query;
    if (route.bodyType === 'multipart' && input.body !== undefined) {
      const form = input.body instanceof FormData ? input.body : appendFormFields(new FormData(), input.body);
      return this.request(path, { method: route.method, body: form });
    }
    return this.request(path, {
      method: route.method,
      ...(input.body !== undefined ? { json: input.body } : route.method === 'GET' ? {} : { json: {} }),
    });
  }
}
