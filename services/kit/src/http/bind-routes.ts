import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  issuesToFieldErrors,
  toHonoPath,
  XSRF_COOKIE,
  XSRF_HEADER,
  type AnyRoute,
  type RouteDef,
  type RouteOutput,
} from '@portal/contracts';
import { AppError } from '../errors';
import { canActForCompany, safeEqual, type Principal } from '../auth';
import { readSessionToken } from './cookies';
import { createErrorHandler, notFoundHandler } from './errors';
import type { App, AppContext, AppEnv, ServiceDeps } from './context';
import type { Em } from '../db';

type Parsed<T extends z.ZodType | undefined> = T extends z.ZodType ? z.output<T> : undefined;
type Part<R, K extends 'params' | 'query' | 'body'> =
  R extends RouteDef<infer P, infer Q, infer B, z.ZodType> ? z.output<{ params: P; query: Q; body: B }[K]> : never;

export interface HandlerContext<R extends AnyRoute> {
  c: AppContext;
  em: Em;
  /** Null only on public routes. */
  principal: R['access'] extends 'public' ? Principal | null : Principal;
  params: Part<R, 'params'>;
  query: Part<R, 'query'>;
  body: Part<R, 'body'>;
  deps: ServiceDeps;
}

export type RouteHandler<R extends AnyRoute> = (ctx: HandlerContext<R>) => Promise<RouteOutput<R> | Response>;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function multiValueQuery(c: AppContext): Record<string, string | string[]> {
  const all = c.req.queries();
  const result: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(all)) {
    const cleanKey = key.endsWith('[]') ? key.slice(0, -2) : key;
    result[cleanKey] = values.length > 1 || key.endsWith('[]') ? values : values[0]!;
  }
  return result;
}

async function readBody(c: AppContext, route: AnyRoute): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? '';
  if (contentType.includes('multipart/form-data') || contentType.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody({ all: true });
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(form)) result[key.endsWith('[]') ? key.slice(0, -2) : key] = value;
    return result;
  }
  if (route.bodyType === 'multipart') {
    throw new AppError('validation', 'Send this form as multipart/form-data.', { errors: { body: ['Send this form as multipart/form-data.'] } });
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('validation', 'The request body is not valid JSON.', { errors: { body: ['The request body is not valid JSON.'] } });
  }
}

async function validatePart<T extends z.ZodType | undefined>(schema: T, value: unknown, part: string): Promise<Parsed<T>> {
  if (!schema) return undefined as Parsed<T>;
  const result = await schema.safeParseAsync(value);
  if (!result.success) {
    const errors = issuesToFieldErrors(result.error.issues, part === 'body' ? undefined : undefined);
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', { errors });
  }
  return result.data as Parsed<T>;
}

function checkXsrf(c: AppContext) {
  const cookie = getCookie(c, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER);
  if (!cookie || !header || !safeEqual(cookie, header)) {
    throw new AppError('csrf', 'Your session has expired or the page is out of date. Refresh the page and try again.');
  }
}

/**
 * A service's router: routes from the contract table bound to handlers. Each bound route
 * checks, in order: XSRF on unsafe methods (419), session (401), role (403), input (422),
 * tenant (403); then runs the handler on a fresh entity manager.
 */
export function createServiceRouter(deps: ServiceDeps) {
  const app: App = new Hono<AppEnv>();
  app.onError(createErrorHandler({ exposeDetails: deps.env.NODE_ENV !== 'production' }));
  app.notFound(notFoundHandler);
  const validateOutput = deps.env.NODE_ENV !== 'production';

  function handle<R extends AnyRoute>(route: R, handler: RouteHandler<R>) {
    app.on(route.method, toHonoPath(route.path), async (c) => {
      // `launch-token` routes (sendBeacon commits) are guarded by the token in their URL, checked by the handler.
      if (UNSAFE.has(route.method) && route.xsrf !== 'launch-token') checkXsrf(c);
      const em = deps.orm.em.fork();
      c.set('em', em);
      const token = readSessionToken(c);
      const principal = token ? await deps.identity.resolvePrincipal(em, token) : null;
      c.set('principal', principal);

      if (route.access !== 'public') {
        if (!principal) throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
        if (route.access !== 'signed-in' && !route.access.includes(principal.role)) {
          throw new AppError('forbidden', 'You are not allowed to do that.');
        }
      }
      const params = await validatePart(route.params, c.req.param(), 'params');
      const query = await validatePart(route.query, multiValueQuery(c), 'query');
      const body = route.body ? await validatePart(route.body, await readBody(c, route), 'body') : (undefined as Parsed<R['body']>);

      if (route.tenant) {
        const companyId = Number((params as Record<string, unknown> | undefined)?.[route.tenant.param]);
        if (!principal || !(await canActForCompany(deps.identity, em, principal, companyId))) {
          throw new AppError('forbidden', 'You are not allowed to see this company.');
        }
      }

      const result = await handler({ c, em, principal: principal as never, params: params as never, query: query as never, body: body as never, deps });
      if (result instanceof Response) return result;
      if (validateOutput && route.responseType !== 'file') {
        const checked = route.response.safeParse(result);
        if (!checked.success) throw new Error(`Response of ${route.name} breaks its contract: ${checked.error.message}`);
      }
      return c.json(result as object);
    });
    return router;
  }

  const router = { app, handle };
  return router;
}
