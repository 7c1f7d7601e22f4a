import ky, { type KyInstance } from 'ky';
import { SECURE_XSRF_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './constants';
import type { ErrorBody, ValidationErrorBody } from './errors';
import { fillPath } from './paths';
import type { RouteInput, RouteMeta, RouteOutput } from './route';
import { scalarText } from './scalar-text';

/** Marks an ApiError of any copy of this module (Symbol.for: one symbol per page). */
const API_ERROR = Symbol.for('@portal/contracts ApiError');

/**
 * A non-2xx answer, with the server's message and (for 422) its field errors. Each frontend build
 * bundles its own copy of this module (it is not a shared federation module), so `instanceof`
 * goes by a mark, not by the class: an error thrown by the shell's client is an ApiError in a remote.
 */
export class ApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true;
  }
  readonly [API_ERROR] = true;
  constructor(
    readonly status: number,
    readonly body: Partial<ValidationErrorBody & ErrorBody>,
  ) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

export interface ApiClientOptions {
  /** Origin or path prefix the API lives under; '' means same origin. */
  prefix?: string;
  /** Called on any 401 (the shells send the browser to /logout). */
  onUnauthorized?: () => void;
  /** Called on a 409 with a location: a full-page redirect. */
  onRedirect?: (location: string) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<R extends RouteMeta>(route: R, ...input: keyof RouteInput<R> extends never ? [] : [RouteInput<R>]): Promise<RouteOutput<R>>;
  /** For file routes: the raw response (the caller reads blob and Content-Disposition). */
  raw<R extends RouteMeta>(route: R, ...input: keyof RouteInput<R> extends never ? [] : [RouteInput<R>]): Promise<Response>;
}

/** A cookie the page may read (the XSRF token); undefined outside a browser. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The XSRF token to echo: the `__Host-` cookie where cookies are Secure, else the plain one (issue 31 item 7). */
export function readXsrfToken(): string | undefined {
  return readCookie(SECURE_XSRF_COOKIE) ?? readCookie(XSRF_COOKIE);
}

function toSearchParams(query: unknown): URLSearchParams | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) params.set(key, value.join(','));
    else params.set(key, scalarText(value, key));
  }
  return params;
}

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => form.append(`${key}[]`, item instanceof Blob ? item : String(item)));
    else form.append(key, value instanceof Blob ? value : typeof value === 'boolean' ? (value ? '1' : '0') : scalarText(value, key));
  }
  return form;
}

/** One typed client for every route of the table (DESIGN.md "Contracts are the spine"). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http: KyInstance = ky.create({
    // Spec §9: "HTTP client timeout 0" — no client-side timeout.
    timeout: false,
    retry: 0,
    throwHttpErrors: false,
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('Accept', 'application/json');
          request.headers.set('X-Requested-With', 'XMLHttpRequest');
          const token = readXsrfToken();
          if (token) request.headers.set(XSRF_HEADER, token);
        },
      ],
    },
  });

  async function send(route: RouteMeta, input: Partial<{ params: unknown; query: unknown; body: unknown }>): Promise<Response> {
    const url = `${options.prefix ?? ''}${fillPath(route.path, input.params as Record<string, unknown> | undefined)}`;
    const searchParams = toSearchParams(input.query);
    const init: Record<string, unknown> = { method: route.method };
    if (searchParams && [...searchParams].length > 0) init.searchParams = searchParams;
    if (input.body !== undefined) {
      if (route.bodyType === 'multipart') init.body = toFormData(input.body as Record<string, unknown>);
      else init.json = input.body;
    } else if (route.method !== 'GET') {
      init.json = {};
    }
    const response = await http(url, init);
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as Partial<ValidationErrorBody & ErrorBody>;
    if (response.status === 401) options.onUnauthorized?.();
    if (response.status === 409 && body.location) options.onRedirect?.(body.location);
    throw new ApiError(response.status, body);
  }

  return {
    async call(route, ...input) {
      const response = await send(route, input[0] ?? {});
      if (response.status === 204) return undefined as never;
      return (await response.json()) as never;
    },
    raw(route, ...input) {
      return send(route, input[0] ?? {});
    },
  };
}
