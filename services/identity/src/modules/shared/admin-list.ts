import { ADMIN_PAGE_SIZE, MIN_SEARCH_LENGTH } from '@portal/contracts';
import type { Knex } from '@portal/service-kit';

export interface ListQuery {
  search?: string | undefined;
  sortBy?: string | undefined;
  sortDir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
}

/** A LIKE pattern matching `text` anywhere, with `!` escaping the wildcards (same on SQLite and MySQL). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}

/** Adds `(col1 LIKE ? OR col2 LIKE ? …)` when the search has at least 2 characters (spec §5). */
export function applySearch(query: Knex.QueryBuilder, columns: string[], search: string | undefined) {
  const text = (search ?? '').trim();
  if (text.length < MIN_SEARCH_LENGTH) return query;
  const pattern = containsPattern(text);
  return query.where((where) => {
    for (const column of columns) where.orWhereRaw(`${column} LIKE ? ESCAPE '!'`, [pattern]);
  });
}

/** Runs a page of ids: total, clamped page (1 … last), and the ids of that page in order. */
export async function pageOfIds(
  base: Knex.QueryBuilder,
  options: { idColumn: string; orderColumn: string; sortDir: 'asc' | 'desc'; page: number },
): Promise<{ ids: number[]; total: number; currentPage: number; lastPage: number }> {
  const [{ n }] = (await base.clone().clearSelect().clearOrder().count({ n: '*' })) as [{ n: number | string }];
  const total = Number(n);
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const currentPage = Math.min(Math.max(1, options.page), lastPage);
  const rows = (await base
    .clone()
    .clearSelect()
    .select({ id: options.idColumn })
    .orderBy(options.orderColumn, options.sortDir)
    .orderBy(options.idColumn, options.sortDir)
    .limit(ADMIN_PAGE_SIZE)
    .offset((currentPage - 1) * ADMIN_PAGE_SIZE)) as { id: number }[];
  return { ids: rows.map((r) => Number(r.id)), total, currentPage, lastPage };
}

/** The page envelope of spec §3, with links that keep the list's address. */
export function pageEnvelope<T>(data: T[], page: { total: number; currentPage: number; lastPage: number }, path: string, query: ListQuery) {
  const link = (target: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set('search', query.search);
    if (query.sortBy) params.set('sortBy', query.sortBy);
    if (query.sortDir) params.set('sortDir', query.sortDir);
    params.set('page', String(target));
    return `${path}?${params}`;
  };
  return {
    data,
    current_page: page.currentPage,
    last_page: page.lastPage,
    per_page: ADMIN_PAGE_SIZE,
    total: page.total,
    prev_page_url: page.currentPage > 1 ? link(page.currentPage - 1) : null,
    next_page_url: page.currentPage < page.lastPage ? link(page.currentPage + 1) : null,
  };
}

/** Puts rows back in the order of their ids. */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}
