import { z } from 'zod';
import type { Role } from './roles';

export const SERVICES = ['identity', 'catalogue', 'enrolment', 'reporting'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone. `signed-in`: any session. A role list: those roles.
 * With `tenant`, a manager passes only when the company named by that path parameter is their
 * own company or one of its depots; admins always pass (they run every company).
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface RouteDef<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, also the OpenAPI operationId. */
  name: string;
  method: HttpMethod;
  /** OpenAPI-style path: `/api/company/{companyId}/dashboard`. */
  path: string;
  service: ServiceName;
  access: Access;
  tenant?: { param: string };
  /**
   * XSRF check on unsafe methods: the default checks the X-XSRF-TOKEN header. `launch-token`
   * opts out for SCORM commits: the player's final commit goes by `navigator.sendBeacon`, which
   * carries cookies but no custom header. Such a route takes an unguessable per-launch token in
   * its URL instead, and its handler must verify it (a forged cross-site request cannot know it).
   */
  xsrf?: 'header' | 'launch-token';
  summary: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** How the body travels: JSON (default) or a multipart form. */
  bodyType?: 'json' | 'multipart';
  response: TResponse;
  /** `file` routes answer a download, not JSON. */
  responseType?: 'json' | 'file';
}

export type AnyRoute = RouteDef<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export function defineRoute<
  TParams extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(route: RouteDef<TParams, TQuery, TBody, TResponse>): RouteDef<TParams, TQuery, TBody, TResponse> {
  return route;
}

type Maybe<T extends z.ZodType, K extends string> = [z.input<T>] extends [undefined] ? {} : { [P in K]: z.input<T> };

/** What a caller passes: only the parts the route declares. */
export type RouteInput<R> = R extends RouteDef<infer P, infer Q, infer B, z.ZodType>
  ? Maybe<P, 'params'> & Maybe<Q, 'query'> & Maybe<B, 'body'>
  : never;
export type RouteOutput<R> = R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer O> ? z.output<O> : never;

/** `/api/x/{id}` → `/api/x/:id` for Hono. */
export function toHonoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Shared schema pieces. */
export const idParam = z.coerce.number({ error: 'Must be a number.' }).int('Must be a whole number.').positive('Must be a positive number.');
export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });
