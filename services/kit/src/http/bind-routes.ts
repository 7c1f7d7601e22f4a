import { Hono } from 'hono';
import { z } from 'zod';
import {
  FORBIDDEN_NAME_MESSAGE,
  inspectInput,
  isIdIssue,
  issuesToFieldErrors,
  toHonoPath,
  XSRF_HEADER,
  type AnyRoute,
  type RouteDef,
  type RouteOutput,
} from '@portal/contracts';
import { AppError, validationError } from '../errors';
import { canActForCompany, safeEqual, type Principal } from '../auth';
import { readSessionToken, readXsrfCookie, xsrfTokenFor } from './cookies';
import { refuseSiblingSiteRequest } from './sibling-site';
import { createErrorHandler, notFoundHandler } from './errors';
import { readRequestBody } from './request-body';
import { StageTimer } from './server-timing';
import type { App, AppContext, AppEnv, ServiceDeps } from './context';
import type { Em } from '../db';

type PartName = 'params' | 'query' | 'body';
type Part<R, K extends PartName> =
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
  const result = Object.create(null) as Record<string, string | string[]>;
  for (const [key, values] of Object.entries(all)) {
    const cleanKey = key.endsWith('[]') ? key.slice(0, -2) : key;
    const [first] = values;
    if (first === undefined) continue; // Hono lists only the keys the query has, each with its values.
    result[cleanKey] = values.length > 1 || key.endsWith('[]') ? values : first;
  }
  return result;
}

/**
 * A route's options as the binding reads them: taken once, from the definition's OWN properties
 * only, into an object with no prototype. An option the route does not set stays undefined even if
 * something has written to Object.prototype (issue 25: a polluted `xsrf` turned every XSRF check off).
 */
export interface RouteOptions {
  name: string;
  method: AnyRoute['method'];
  access: AnyRoute['access'];
  xsrf: AnyRoute['xsrf'];
  /** The tenant's path parameter or body field, whichever the route names. */
  tenant: { in: 'param' | 'body'; name: string } | undefined;
  params: AnyRoute['params'];
  query: AnyRoute['query'];
  body: AnyRoute['body'];
  bodyType: AnyRoute['bodyType'];
  bodyLimit: AnyRoute['bodyLimit'];
  response: AnyRoute['response'];
  responseType: AnyRoute['responseType'];
}

export function routeOptionsOf(route: AnyRoute): Readonly<RouteOptions> {
  const own = <K extends keyof AnyRoute>(key: K): AnyRoute[K] | undefined => (Object.hasOwn(route, key) ? route[key] : undefined);
  const required = <K extends 'name' | 'method' | 'response'>(key: K): AnyRoute[K] => {
    const value = own(key);
    if (value === undefined) throw new Error(`Route ${String(own('name'))} declares no ${key}.`);
    return value;
  };
  const tenant = own('tenant') as Record<string, unknown> | undefined;
  const tenantIn = !tenant ? undefined : Object.hasOwn(tenant, 'param') ? 'param' : Object.hasOwn(tenant, 'body') ? 'body' : undefined;
  const access = own('access');
  if (access === undefined || (access !== 'public' && access !== 'signed-in' && !Array.isArray(access)))
    throw new Error(`Route ${String(own('name'))} declares no access.`);
  const options: RouteOptions = Object.assign(Object.create(null) as RouteOptions, {
    name: required('name'),
    method: required('method'),
    access,
    xsrf: own('xsrf'),
    tenant: tenant && tenantIn ? { in: tenantIn, name: String(tenant[tenantIn]) } : undefined,
    params: own('params'),
    query: own('query'),
    body: own('body'),
    bodyType: own('bodyType'),
    bodyLimit: own('bodyLimit'),
    response: required('response'),
    responseType: own('responseType'),
  });
  return Object.freeze(options);
}

/**
 * One request part against its schema. First, anywhere in the part (schema or not): a key with a
 * `__proto__`, `constructor` or `prototype` segment is a 400, and a string with U+0000 or a lone
 * surrogate is a 422 on its field; then the schema: 422 with field errors, but a path id that is
 * not canonical (idParam) is a 404, as for a row that does not exist.
 */
function validatePart<R extends AnyRoute, K extends PartName>(
  route: Readonly<RouteOptions>,
  part: K,
  value: unknown,
): Part<R, K> | Promise<Part<R, K>> {
  const inspection = inspectInput(value);
  if (inspection.forbiddenKey !== null) throw new AppError('bad_request', FORBIDDEN_NAME_MESSAGE);
  if (Object.keys(inspection.errors).length) throw validationError(inspection.errors);
  const schema = route[part];
  if (!schema) return undefined as Part<R, K>;
  // Synchronously unless the schema has async checks (zod then says so before answering): an
  // async parse costs promises per check, a good share of a small request.
  try {
    return partResult<R, K>(part, schema.safeParse(value));
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(value).then((result) => partResult<R, K>(part, result));
    throw error;
  }
}

function partResult<R extends AnyRoute, K extends PartName>(part: K, result: z.ZodSafeParseResult<unknown>): Part<R, K> {
  if (!result.success) {
    if (part === 'params' && result.error.issues.some(isIdIssue)) throw new AppError('not_found', 'Not found.');
    const errors = issuesToFieldErrors(result.error.issues);
    throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', { errors });
  }
  return result.data as Part<R, K>;
}

/** With a session, the header must be that session's token; before sign-in, the cookie's (double submit). */
function checkXsrf(c: AppContext, env: ServiceDeps['env']) {
  const session = readSessionToken(c, env);
  const expected = session ? xsrfTokenFor(session) : readXsrfCookie(c, env);
  const header = c.req.header(XSRF_HEADER);
  if (!expected || !header || !safeEqual(expected, header)) {
    throw new AppError('csrf', 'Your session has expired or the page is out of date. Refresh the page and try again.');
  }
}

/**
 * The caller as the route's handler sees them: without a session 401, with a role the route does
 * not allow 403, so only a public route's handler can get no principal.
 */
function authorise<R extends AnyRoute>(route: Readonly<RouteOptions>, principal: Principal | null): HandlerContext<R>['principal'] {
  if (route.access !== 'public') {
    if (!principal) throw new AppError('unauthenticated', 'Your session has ended. Please sign in again.');
    if (route.access !== 'signed-in' && !route.access.includes(principal.role)) {
      throw new AppError('forbidden', 'You are not allowed to do that.');
    }
  }
  // TypeScript cannot narrow a type conditional on R['access'] from the check above.
  return principal as HandlerContext<R>['principal'];
}

/** The company the route names (in its path or body) must be one the caller may act for (else 403). */
async function checkTenant(
  deps: ServiceDeps,
  principal: Principal | null,
  input: { tenant: NonNullable<RouteOptions['tenant']>; params: unknown; body: unknown },
): Promise<void> {
  const { tenant } = input;
  const source = (tenant.in === 'param' ? input.params : input.body) as Record<string, unknown> | undefined;
  const companyId = Number(source && Object.hasOwn(source, tenant.name) ? source[tenant.name] : undefined);
  if (!principal || !(await canActForCompany(deps.identity, principal, companyId))) {
    throw new AppError('forbidden', 'You are not allowed to see this company.');
  }
}

/** The handler's result as JSON: checked against the route's contract first when `validateOutput` (never for a file). */
function jsonAnswer(
  c: AppContext,
  route: Readonly<RouteOptions>,
  result: unknown,
  answer: { validateOutput: boolean; timing: StageTimer | null },
): Response {
  const { timing } = answer;
  if (answer.validateOutput && route.responseType !== 'file') {
    const checked = route.response.safeParse(result);
    if (!checked.success) throw new Error(`Response of ${route.name} breaks its contract: ${checked.error.message}`);
    timing?.end('output');
  }
  const response = c.json(result as object);
  if (timing) {
    timing.end('json');
    response.headers.set('Server-Timing', timing.header());
  }
  return response;
}

/**
 * A service's router: routes from the contract table bound to handlers. Each bound route
 * checks, in order: a sibling host's request (403, sibling-site.ts), XSRF on unsafe methods (419), session (401), role (403), input (params: 404
 * for an id that is not canonical; body: 413/415/400 while reading it; 422 for the schemas),
 * tenant (403); then runs the handler on a fresh entity manager (forked when the handler first
 * takes it: a route that reads plain rows through the ORM needs none) and removes the uploaded files.
 */
export function createServiceRouter(deps: ServiceDeps) {
  const app: App = new Hono<AppEnv>();
  app.onError(createErrorHandler({ exposeDetails: deps.env.NODE_ENV !== 'production' }));
  app.notFound(notFoundHandler);
  // Answers are checked against their contract in development and tests, where a break should fail loudly;
  // in production the handlers' types are the check, and the work stays off every answer's path.
  const validateOutput = deps.env.NODE_ENV !== 'production';
  const serverTiming = deps.env.SERVER_TIMING;

  function handle<R extends AnyRoute>(definition: R, handler: RouteHandler<R>) {
    const route = routeOptionsOf(definition);
    app.on(route.method, toHonoPath(definition.path), async (c) => {
      const timing = serverTiming ? new StageTimer() : null;
      // `launch-token` routes (sendBeacon commits) are guarded by the token in their URL, checked by the handler;
      // `shop-signature` routes (server to server, no cookies) by the body's signature, checked while reading it.
      refuseSiblingSiteRequest(c);
      if (UNSAFE.has(route.method) && route.xsrf !== 'launch-token' && route.xsrf !== 'shop-signature') checkXsrf(c, deps.env);
      let em: Em | undefined;
      timing?.end('context');
      const token = readSessionToken(c, deps.env);
      const principal = token ? await deps.identity.resolvePrincipal(token) : null;
      c.set('principal', principal);
      timing?.end('session');

      const caller = authorise(route, principal);
      // Awaited only when a schema is async: each await is a promise, and promise hooks are on (MikroORM's AsyncLocalStorage).
      const paramsOrPromise = validatePart<R, 'params'>(route, 'params', c.req.param());
      const params = paramsOrPromise instanceof Promise ? await paramsOrPromise : paramsOrPromise;
      const queryOrPromise = validatePart<R, 'query'>(route, 'query', multiValueQuery(c));
      const query = queryOrPromise instanceof Promise ? await queryOrPromise : queryOrPromise;
      // Read only now, past the access checks: nobody unknown makes the server read a body.
      const read =
        UNSAFE.has(route.method) || route.body
          ? await readRequestBody(c.req.raw, route, deps.env.MAX_BODY_BYTES, { shopSecret: deps.env.shopWebhookSecret })
          : null;
      let result: Awaited<ReturnType<RouteHandler<R>>>;
      try {
        const bodyOrPromise = validatePart<R, 'body'>(route, 'body', read?.value);
        const body = bodyOrPromise instanceof Promise ? await bodyOrPromise : bodyOrPromise;
        timing?.end('input');

        if (route.tenant) {
          await checkTenant(deps, principal, { tenant: route.tenant, params, body });
          timing?.end('tenant');
        }

        result = await handler({
          c,
          get em() {
            return (em ??= deps.orm.em.fork());
          },
          principal: caller,
          params,
          query,
          body,
          deps,
        });
        timing?.end('handler');
      } finally {
        if (read) await read.dispose();
      }
      if (result instanceof Response) return result;
      return jsonAnswer(c, route, result, { validateOutput, timing });
    });
    return router;
  }

  const router = { app, handle };
  return router;
}
