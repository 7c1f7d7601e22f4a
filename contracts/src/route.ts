import { z } from 'zod';
import type { Role } from './roles';
import { hasForbiddenSegment } from './form-fields';

export const SERVICES = ['identity', 'catalogue', 'enrolment', 'reporting'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone. `signed-in`: any session. A role list: those roles.
 * With `tenant`, a manager passes only when the company named by that path parameter (or body field) is their
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
  /** The company the call acts on, by path parameter or by a body field (e.g. `companyID`). */
  tenant?: { param: string } | { body: string };
  /**
   * XSRF check on unsafe methods: the default checks the X-XSRF-TOKEN header. `launch-token`
   * opts out for SCORM commits: the player's final commit goes by `navigator.sendBeacon`, which
   * carries cookies but no custom header. Such a route takes an unguessable per-launch token in
   * its URL instead, and its handler must verify it (a forged cross-site request cannot know it).
   * `shop-signature` is for the shop's server-to-server webhook: the kit checks the HMAC-SHA256 of
   * the raw body (X-Shop-Signature, hex) against SHOP_WEBHOOK_SECRET before parsing it (401).
   */
  xsrf?: 'header' | 'launch-token' | 'shop-signature';
  summary: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  /** How the body travels: JSON (default) or a multipart form. */
  bodyType?: 'json' | 'multipart';
  /**
   * The most bytes the server reads of this route's body (default DEFAULT_BODY_LIMIT, 1 MB); more
   * is refused with 413 while reading. Multipart files go to temporary files, never into memory.
   */
  bodyLimit?: number;
  /**
   * Sending the same request twice changes nothing the first did not (the server recognises the
   * repeat, e.g. a numbered SCORM commit): a proxy may send an unsafe one again to another
   * instance when the first failed mid-way (docs/deploy.md "nginx").
   */
  repeatable?: true;
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

/** What calling a route takes: the frontends' route table keeps only this (decisions.md "Frontends call routes by their metadata"). */
export interface RouteMeta {
  name: string;
  method: HttpMethod;
  path: string;
  bodyType?: 'json' | 'multipart';
  responseType?: 'json' | 'file';
}

/** Type-only: no value carries it; a FrontendRoute's full definition lives here for RouteInput and RouteOutput. */
declare const routeDefinition: unique symbol;

/**
 * A route as the frontends import it (`@portal/contracts` in a browser build): its metadata, no
 * zod schemas, and the full definition's types, so calls stay typed exactly as with the route itself.
 */
export type FrontendRoute<R extends AnyRoute> = Pick<R, 'name' | 'method' | 'path' | 'bodyType' | 'responseType'> & {
  readonly [routeDefinition]: R;
};
/** A collection of routes (array or record) as the frontends import it. */
export type FrontendRoutes<T> = { readonly [K in keyof T]: T[K] extends AnyRoute ? FrontendRoute<T[K]> : T[K] };
type DefinitionOf<R> = R extends { readonly [routeDefinition]: infer D } ? D : R;

// `unknown` is the identity of `&`: a part the route does not declare adds no key to its input.
type Maybe<T extends z.ZodType, K extends string> = [z.input<T>] extends [undefined] ? unknown : { [P in K]: z.input<T> };

/** What a caller passes: only the parts the route declares. */
export type RouteInput<R> =
  DefinitionOf<R> extends RouteDef<infer P, infer Q, infer B, z.ZodType>
    ? Maybe<P, 'params'> & Maybe<Q, 'query'> & Maybe<B, 'body'>
    : never;
export type RouteOutput<R> = DefinitionOf<R> extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer O> ? z.output<O> : never;

export { fillPath, pathParamNames, toHonoPath } from './paths';

/** What a route's body may weigh unless it declares `bodyLimit`: 1 MB, for JSON and forms alike. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const bodyLimitOf = (route: Pick<AnyRoute, 'bodyLimit'>): number => route.bodyLimit ?? DEFAULT_BODY_LIMIT;

/** The largest id a row can have (a signed 32-bit column). */
export const ID_MAX = 2 ** 31 - 1;
const CANONICAL_ID = /^[1-9][0-9]*$/;

function idProblem(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'Must be a whole number.';
    if (value < 1) return 'Must be a positive number.';
    return value > ID_MAX ? `Must be at most ${ID_MAX}.` : null;
  }
  if (typeof value !== 'string') return 'Must be a number.';
  if (!CANONICAL_ID.test(value))
    return /^-\d+$|^0+$/.test(value) ? 'Must be a positive number.' : 'Must be a number written as plain digits, like 12.';
  return Number(value) > ID_MAX ? `Must be at most ${ID_MAX}.` : null;
}

/**
 * An id: a whole number from 1 to ID_MAX, or its canonical text (`/^[1-9][0-9]*$/`), so `01`,
 * `0x1`, `1e1`, `1.0` or ` 1` never reach the row `1`. A refused value's issue carries
 * `params.canonicalId`: the binding answers 404 when a path parameter fails so (see isIdIssue).
 */
export const idParam = z.preprocess((value, ctx) => {
  const problem = idProblem(value);
  if (problem === null) return Number(value);
  ctx.issues.push({ code: 'custom', message: problem, input: value, params: { canonicalId: true } });
  return value;
}, z.number().int().min(1).max(ID_MAX));

/** Ids from the address: `courses=1,2,3` (or repeated `courses=1&courses=2`). */
export const idsQueryParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx): number[] => {
    const parts = (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (parts.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'At most 100 ids.' });
      return z.NEVER;
    }
    const ids = parts.map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'Ids are positive whole numbers, separated by commas.' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** A whole number as text: `0`, or digits with no leading zero, optionally negative. */
const DECIMAL_TEXT = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * A number from a request (body or query): a JSON number as it is, or its canonical decimal text
 * (`12`, `-3`, `0`; spaces around it are a form's, and trimmed), as forms and addresses carry
 * numbers. Anything else reaches the schema unchanged and is refused there: `0x10`, `1e3`, `1.0`,
 * `012`, `+1`, `""`, `true` (which `z.coerce.number` made 16, 1000, 1, 12, 1, 0 and 1). Unlike a
 * path id (idParam), which has one spelling only. Wrap the number's own schema:
 * `decimal(z.number({ error }).int().min(1))`, so its messages stay its own.
 */
export const decimal = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value.trim()) : value), schema);

/** Whether a zod issue is an id refused by idParam. */
export const isIdIssue = (issue: z.core.$ZodIssue): boolean =>
  issue.code === 'custom' && (issue.params as { canonicalId?: unknown } | undefined)?.canonicalId === true;

export const NUL_MESSAGE = 'This field may not contain a NUL character.';
export const NUL_FILE_NAME_MESSAGE = 'The file name may not contain a NUL character.';
export const LONE_SURROGATE_MESSAGE = 'This field contains a broken character (half of a UTF-16 surrogate pair).';

/** Half of a surrogate pair with no other half: storable on SQLite, not UTF-8, and refused by MariaDB. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const textProblem = (text: string): string | null =>
  text.includes('\0') ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;

export interface InputInspection {
  /** 422s by dotted field path: a NUL or a lone surrogate in a string, a key or a file name. */
  errors: Record<string, string[]>;
  /** The first key with a FORBIDDEN_NAME_SEGMENTS segment (the binding answers 400), or null. */
  forbiddenKey: string | null;
}

/**
 * One walk over a request part, before any schema sees it: every place it carries U+0000 or a lone
 * surrogate (strings, object keys, nested objects and arrays; a NUL in the names of uploaded files too), and
 * any key with a forbidden segment. Error keys are dotted field paths like zod's
 * (`activities.0.name`; a form's `activities[0][name]` reads the same), so the 422 lands on the field.
 */
export function inspectInput(value: unknown): InputInspection {
  interface Step {
    node: unknown;
    /** The key or index it was reached by, made into path segments only for an error (most walks find none). */
    key: string | null;
    parent: Step | null;
  }
  const errors: Record<string, string[]> = {};
  let forbiddenKey: string | null = null;
  const fieldPath = (key: string) =>
    key === '' || /[[\]]/.test(key)
      ? key
          .replace(/\[\]$/, '')
          .split(/[[\]]+/)
          .filter((segment) => segment !== '')
      : [key];
  const pathOf = (step: Step | null): string[] => {
    const parts: string[][] = [];
    for (let at = step; at; at = at.parent) if (at.key !== null) parts.push(fieldPath(at.key));
    return parts.reverse().flat();
  };
  const add = (path: string[], message: string) => {
    const key = path.map((segment) => segment.replace(/\0/g, '')).join('.') || 'request';
    (errors[key] ??= []).push(message);
  };
  // A stack, not recursion: a deeply nested body cannot overflow it (children pushed last-first, so fields come in order).
  const stack: Step[] = [{ node: value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { node } = step;
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) add(pathOf(step), problem);
    } else if (typeof Blob !== 'undefined' && node instanceof Blob) {
      const name = (node as { name?: unknown }).name;
      // A File's name is a USVString (lone surrogates already replaced), so only NUL can be in it.
      if (typeof name === 'string' && name.includes('\0')) add(pathOf(step), NUL_FILE_NAME_MESSAGE);
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) stack.push({ node: node[index], key: String(index), parent: step });
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node).reverse()) {
        if (forbiddenKey === null && hasForbiddenSegment(key)) forbiddenKey = key;
        const child: Step = { node: (node as Record<string, unknown>)[key], key, parent: step };
        const problem = textProblem(key);
        if (problem) add(pathOf(child), problem);
        stack.push(child);
      }
    }
  }
  return { errors, forbiddenKey };
}

/** The 422s of inspectInput alone. */
export const textFieldErrors = (value: unknown): Record<string, string[]> => inspectInput(value).errors;

/** Shared schema pieces. */
export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });
