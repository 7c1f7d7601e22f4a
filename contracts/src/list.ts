import { z } from 'zod';
import { MIN_SEARCH_LENGTH } from './constants';
import { decimal } from './route';

/**
 * One list query for every list (DESIGN.md "Data": Lists): search from 2 characters, a
 * whitelisted sort, a direction, a page and (where the list offers it) a page size. The address
 * names differ between areas of the spec; the parsed query does not, so one kit helper
 * (`listPage` in services/kit) applies it to any list.
 */

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRECTIONS)[number];
/** The longest search accepted: the longest text column a list searches. */
export const SEARCH_MAX_LENGTH = 191;
/** The most rows a caller may ask for in one page. */
export const PER_PAGE_MAX = 100;

/** What a list's parameters are called in the address. Without `perPage` the page size is fixed. */
export interface ListParamNames {
  search: string;
  sort: string;
  dir: string;
  page: string;
  perPage?: string;
}

/** The /admin lists (spec §5): search, sortBy, sortDir, page. */
export const ADMIN_LIST_PARAMS = { search: 'search', sort: 'sortBy', dir: 'sortDir', page: 'page' } as const;
/** The /reporting lists (spec §5): search, order_by, order_dir, per_page, page. */
export const REPORTING_LIST_PARAMS = { search: 'search', sort: 'order_by', dir: 'order_dir', page: 'page', perPage: 'per_page' } as const;

/** A list query as handlers receive it, whatever the address called its parts. */
export interface ListQuery<S extends string = string> {
  /** Trimmed; null when shorter than MIN_SEARCH_LENGTH characters (then nothing is filtered). */
  search: string | null;
  sort: S;
  dir: SortDir;
  /** From 1; the list clamps it to its last page. */
  page: number;
  perPage: number;
}

/** A search box's text: at most 191 characters, trimmed; under 2 characters it is no search (null). */
export const searchParam = z
  .string({ error: 'The search must be text.' })
  .trim()
  .max(SEARCH_MAX_LENGTH, `The search may not be longer than ${SEARCH_MAX_LENGTH} characters.`)
  .optional()
  .transform((text): string | null => (text && text.length >= MIN_SEARCH_LENGTH ? text : null));

const sortParam = <S extends readonly [string, ...string[]]>(sortable: S) =>
  z.enum(sortable, { error: `Sort by one of: ${sortable.join(', ')}.` }).optional();
const dirParam = z.enum(SORT_DIRECTIONS, { error: 'Sort asc or desc.' }).optional();
const pageParam = decimal(
  z
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page starts at 1.')
    .max(1_000_000, 'The page may be at most 1,000,000.')
    .optional(),
);
const perPageParam = (min: number, max: number) =>
  decimal(
    z
      .number({ error: 'The page size must be a number.' })
      .int('The page size must be a whole number.')
      .min(min, `The page size must be at least ${min}.`)
      .max(max, `The page size may be at most ${max}.`)
      .optional(),
  );

type SortParam<S extends readonly [string, ...string[]]> = ReturnType<typeof sortParam<S>>;
type PerPageParam = ReturnType<typeof perPageParam>;

/** The address's parameters of a list, under the list's own names. */
export type ListParamsShape<S extends readonly [string, ...string[]], N extends ListParamNames> = Record<N['search'], typeof searchParam> &
  Record<N['sort'], SortParam<S>> &
  Record<N['dir'], typeof dirParam> &
  Record<N['page'], typeof pageParam> &
  (N extends { perPage: infer P extends string } ? Record<P, PerPageParam> : unknown);

export interface ListQueryOptions<S extends readonly [string, ...string[]], N extends ListParamNames, F extends z.ZodRawShape> {
  /** The sort keys the list accepts; anything else is a 422. */
  sortable: S;
  defaultSort: S[number];
  /** Direction of the default sort. A sort named without a direction sorts ascending. */
  defaultDir: SortDir;
  /** Rows per page; `min`/`max` bound the page-size parameter where `names` has one (1 and 100 unless given). */
  perPage: { default: number; min?: number; max?: number };
  names: N;
  /** The list's own filters (e.g. `category_id`), parsed as given and passed through. */
  filters?: F;
}

/**
 * Builds a list route's query schema. The address is strict (an unknown parameter is a 422); the
 * parsed value is always `{ search, sort, dir, page, perPage, ...filters }`.
 *
 * @example
 * listQuery({ sortable: ['id', 'name'], defaultSort: 'id', defaultDir: 'desc', perPage: { default: 15 }, names: ADMIN_LIST_PARAMS })
 */
export function listQuery<
  const S extends readonly [string, ...string[]],
  const N extends ListParamNames,
  F extends z.ZodRawShape = Record<never, never>,
>(options: ListQueryOptions<S, N, F>) {
  const { names, perPage } = options;
  const shape: Record<string, z.core.$ZodType> = {
    ...options.filters,
    [names.search]: searchParam,
    [names.sort]: sortParam(options.sortable),
    [names.dir]: dirParam,
    [names.page]: pageParam,
  };
  if (names.perPage) shape[names.perPage] = perPageParam(perPage.min ?? 1, perPage.max ?? PER_PAGE_MAX);
  const filterKeys = Object.keys(options.filters ?? {});

  return z.strictObject(shape as ListParamsShape<S, N> & F).transform((parsed): ListQuery<S[number]> & z.output<z.ZodObject<F>> => {
    const input = parsed as Record<string, unknown>;
    const sort = input[names.sort] as S[number] | undefined;
    const filters = Object.fromEntries(filterKeys.map((key) => [key, input[key]])) as z.output<z.ZodObject<F>>;
    return {
      ...filters,
      search: (input[names.search] as string | null | undefined) ?? null,
      sort: sort ?? options.defaultSort,
      dir: (input[names.dir] as SortDir | undefined) ?? (sort === undefined ? options.defaultDir : 'asc'),
      page: (input[names.page] as number | undefined) ?? 1,
      perPage: (names.perPage ? (input[names.perPage] as number | undefined) : undefined) ?? perPage.default,
    };
  });
}

/** One page of a list (spec §3 "Page response"); `from`/`to` number its first and last row, null when empty. */
export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  /** The request's own address with only the page changed; null on the first/last page. */
  prev_page_url: string | null;
  next_page_url: string | null;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
  });
}

/**
 * The fields of a query schema as the address carries them: a plain object's shape, or the
 * input object of a piped one (a list query). For OpenAPI and the generic bad-input tests.
 */
export function queryShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe) return queryShape(schema.in as z.ZodType);
  return {};
}
