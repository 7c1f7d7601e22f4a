/** The Admin Dashboard's address: ?tab=&search=&sortBy=&sortDir=&page= (spec §2, §4). */
export const ADMIN_TABS = ['learners', 'companies', 'courses', 'site', 'jobs', 'certificate', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export type SortDir = 'asc' | 'desc';

export interface AdminQuery {
  tab: AdminTab;
  search: string;
  sortBy: string | null;
  sortDir: SortDir;
  page: number;
}

export const DEFAULT_TAB: AdminTab = 'learners';

function isAdminTab(value: string | null): value is AdminTab {
  return value !== null && (ADMIN_TABS as readonly string[]).includes(value);
}

/** Reads the query from the address; anything missing or malformed gets its default. */
export function readAdminQuery(params: URLSearchParams): AdminQuery {
  const tab = params.get('tab');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    tab: isAdminTab(tab) ? tab : DEFAULT_TAB,
    search: params.get('search') ?? '',
    sortBy: params.get('sortBy') || null,
    sortDir: params.get('sortDir') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Writes the query back, leaving defaults out so addresses stay short. */
export function writeAdminQuery(query: AdminQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('tab', query.tab);
  if (query.search) params.set('search', query.search);
  if (query.sortBy) {
    params.set('sortBy', query.sortBy);
    params.set('sortDir', query.sortDir);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Changing tab starts a fresh list. */
export function withTab(query: AdminQuery, tab: AdminTab): AdminQuery {
  return { tab, search: '', sortBy: null, sortDir: 'asc', page: 1 };
}

/** Changing the search resets the page (spec §4). */
export function withSearch(query: AdminQuery, search: string): AdminQuery {
  return { ...query, search, page: 1 };
}

/** Sorting by the same column toggles asc/desc; a new column starts asc; the page resets (spec §4). */
export function withSort(query: AdminQuery, sortBy: string): AdminQuery {
  const sortDir: SortDir = query.sortBy === sortBy && query.sortDir === 'asc' ? 'desc' : 'asc';
  return { ...query, sortBy, sortDir, page: 1 };
}

/** Pages stay between 1 and the last page (spec §4). */
export function withPage(query: AdminQuery, page: number, lastPage: number): AdminQuery {
  return { ...query, page: Math.min(Math.max(1, Math.trunc(page)), Math.max(1, lastPage)) };
}
