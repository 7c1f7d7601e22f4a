import type { ListQuery, Page } from '@portal/contracts';
import type { Knex } from '../db';

/** How a list's query maps onto its tables. */
export interface ListColumns<S extends string> {
  /** Columns a search looks in: a row matches when any of them contains the text. */
  search: readonly string[];
  /** Every sort key of the list's contract → its column, or an expression (`knex.raw('lower(c.name)')`). */
  sort: Record<S, string | Knex.Raw>;
  /** A unique column: the tiebreak that keeps rows from moving between pages. */
  id: string;
}

export interface ListPageOptions<S extends string> extends ListColumns<S> {
  /** The request's address (`c.req.url`): prev/next links keep it and change only the page. */
  url: string;
  /** The page parameter's name in the address; `page` in both of the spec's namings. */
  pageParam?: string;
}

/** The escape character of every LIKE: `!` reads the same in SQLite and MySQL string literals (a backslash does not). */
const LIKE_ESCAPE = '!';

/** A LIKE pattern matching `text` anywhere in a value, its wildcards (and the escape itself) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (ch) => `${LIKE_ESCAPE}${ch}`)}%`;
}

/**
 * Narrows `query` to rows where any of `columns` contains `search` (case-insensitively, as the
 * databases compare). A null search — under 2 characters, see the list contract — filters nothing.
 */
export function whereContains(query: Knex.QueryBuilder, columns: readonly string[], search: string | null): Knex.QueryBuilder {
  if (search === null || columns.length === 0) return query;
  const pattern = containsPattern(search);
  return query.where((where) => {
    for (const column of columns) where.orWhereRaw(`?? LIKE ? ESCAPE '${LIKE_ESCAPE}'`, [column, pattern]);
  });
}

/** The request's address with only the page parameter changed, from its path on. */
export function pageLink(url: string, page: number, pageParam = 'page'): string {
  const address = new URL(url, 'http://list.invalid');
  address.searchParams.set(pageParam, String(page));
  return `${address.pathname}${address.search}`;
}

/** Where one page of a list falls: its number clamped to 1 … last (a page past the end is the last), its size, and the rows before it. */
export interface PageWindow {
  total: number;
  currentPage: number;
  lastPage: number;
  perPage: number;
  offset: number;
}

export function pageWindow(total: number, query: Pick<ListQuery, 'page' | 'perPage'>): PageWindow {
  const perPage = Math.max(1, query.perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const currentPage = Math.min(Math.max(1, query.page), lastPage);
  return { total, currentPage, lastPage, perPage, offset: (currentPage - 1) * perPage };
}

/** The page of `data`, the rows read in `window`: its numbering and the neighbouring pages' addresses (prev/next keep the request's own). */
export function pageOf<Row>(data: Row[], window: PageWindow, link: Pick<ListPageOptions<string>, 'url' | 'pageParam'>): Page<Row> {
  const { total, currentPage, lastPage, perPage, offset } = window;
  const from = data.length ? offset + 1 : null;
  return {
    data,
    current_page: currentPage,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
    prev_page_url: currentPage > 1 ? pageLink(link.url, currentPage - 1, link.pageParam) : null,
    next_page_url: currentPage < lastPage ? pageLink(link.url, currentPage + 1, link.pageParam) : null,
  };
}

/**
 * Runs one page of a list: `base` (tables, joins, the list's fixed conditions and whatever it
 * selects) narrowed by the search, counted, sorted by the whitelisted key with the id as
 * tiebreak, and cut to the page — clamped to 1 … last, so a page past the end shows the last.
 * The rows come back as `base` selects them; `mapPage` turns them into entities or items.
 */
export async function listPage<Row, S extends string>(
  base: Knex.QueryBuilder,
  query: ListQuery<S>,
  options: ListPageOptions<S>,
): Promise<Page<Row>> {
  const filtered = whereContains(base.clone(), options.search, query.search);
  const [counted] = await filtered.clone().clearSelect().clearOrder().count<{ n: number | string }[]>({ n: '*' });
  const window = pageWindow(Number(counted?.n ?? 0), query);

  const rows = filtered.clone().clearOrder();
  const sortColumn = options.sort[query.sort];
  if (sortColumn === undefined) throw new Error(`The list has no column for sort key "${query.sort}".`);
  rows.orderBy(sortColumn, query.dir);
  if (sortColumn !== options.id) rows.orderBy(options.id, query.dir);
  const data = (await rows.limit(window.perPage).offset(window.offset)) as Row[];
  return pageOf(data, window, options);
}

/** The same page with its rows turned into something else (all at once, so one query can load them). */
export async function mapPage<A, B>(page: Page<A>, map: (rows: A[]) => B[] | Promise<B[]>): Promise<Page<B>> {
  return { ...page, data: await map(page.data) };
}

/** Rows loaded by id (`WHERE id IN …`), back in the order of `ids`; ids without a row are left out. */
export function inIdOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
