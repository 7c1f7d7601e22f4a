import { MIN_SEARCH_LENGTH } from '@portal/contracts';

export type SortDir = 'asc' | 'desc';

/** The query parameters a list keeps its state in; the spec uses two namings (§2). */
export interface ListAddressNames {
  search: string;
  sortBy: string;
  sortDir: string;
  page: string;
  /** Only lists whose page size the user chooses have one. */
  perPage?: string;
}

/** /admin: ?search=&sortBy=&sortDir=&page= */
export const ADMIN_LIST_NAMES: ListAddressNames = { search: 'search', sortBy: 'sortBy', sortDir: 'sortDir', page: 'page' };
/** /reporting: ?search=&order_by=&order_dir=&per_page=&page= */
export const REPORTING_LIST_NAMES: ListAddressNames = {
  search: 'search',
  sortBy: 'order_by',
  sortDir: 'order_dir',
  page: 'page',
  perPage: 'per_page',
};

/** A list's state as the address holds it. */
export interface ListAddress<S extends string = string> {
  /** Trimmed, and only ever a search the server runs (MIN_SEARCH_LENGTH or more characters), or ''. */
  search: string;
  sortBy: S | null;
  sortDir: SortDir;
  page: number;
  /** null: the list's default page size. */
  perPage: number | null;
}

/** The search the server runs for what is typed: trimmed, and '' below MIN_SEARCH_LENGTH characters. */
export function activeSearch(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : '';
}

function positiveInt(value: string | null): number | null {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isFinite(number) && number > 0 ? number : null;
}

/** Reads a list's state; anything missing or malformed gets its default, a sort key outside `sortable` none. */
export function readListAddress<S extends string = string>(
  params: URLSearchParams,
  names: ListAddressNames,
  sortable?: readonly S[],
): ListAddress<S> {
  const sortBy = params.get(names.sortBy) || null;
  return {
    search: activeSearch(params.get(names.search) ?? ''),
    sortBy: sortBy !== null && (!sortable || (sortable as readonly string[]).includes(sortBy)) ? (sortBy as S) : null,
    sortDir: params.get(names.sortDir) === 'desc' ? 'desc' : 'asc',
    page: positiveInt(params.get(names.page)) ?? 1,
    perPage: names.perPage ? positiveInt(params.get(names.perPage)) : null,
  };
}

/**
 * The address with the list's state written into a copy of `params`: other parameters (a tab, a
 * category) stay as they are; defaults are left out so addresses stay short.
 */
export function writeListAddress(params: URLSearchParams, names: ListAddressNames, list: ListAddress): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value));
  put(names.search, list.search || null);
  put(names.sortBy, list.sortBy);
  put(names.sortDir, list.sortBy ? list.sortDir : null);
  put(names.page, list.page > 1 ? String(list.page) : null);
  if (names.perPage) put(names.perPage, list.perPage === null ? null : String(list.perPage));
  return next;
}

/** A new search starts at page 1 (spec §4). */
export function withSearch<S extends string>(list: ListAddress<S>, text: string): ListAddress<S> {
  const search = activeSearch(text);
  return search === list.search ? list : { ...list, search, page: 1 };
}

/** Sorting by the same key toggles asc/desc; a new key starts asc; the page resets (spec §4). */
export function withSort<S extends string>(list: ListAddress<S>, sortBy: S): ListAddress<S> {
  const sortDir: SortDir = list.sortBy === sortBy && list.sortDir === 'asc' ? 'desc' : 'asc';
  return { ...list, sortBy, sortDir, page: 1 };
}

/** Pages stay between 1 and the last page, when it is known (spec §4). */
export function withPage<S extends string>(list: ListAddress<S>, page: number, lastPage = Number.POSITIVE_INFINITY): ListAddress<S> {
  return { ...list, page: Math.min(Math.max(1, Math.trunc(page)), Math.max(1, lastPage)) };
}

/** Another page size starts at page 1. */
export function withPerPage<S extends string>(list: ListAddress<S>, perPage: number | null): ListAddress<S> {
  return { ...list, perPage, page: 1 };
}
