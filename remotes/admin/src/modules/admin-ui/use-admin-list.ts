import { useApiQuery } from '@portal/frontend-kit';
import type { AdminQuery } from '../admin-query/admin-query';
import { useAdminQuery } from '../admin-query/use-admin-query';
import type { AdminListPanelProps } from './admin-list-panel';

/** A list request's query: search and sort only when set. */
export interface AdminListParams {
  search?: string;
  sortBy?: never;
  sortDir?: AdminQuery['sortDir'];
  page: number;
}

/** One page of a paged admin endpoint (the `pageSchema` of contracts). */
interface PagedRows<Row> {
  data: Row[];
  current_page: number;
  last_page: number;
  total: number;
}

function toListParams(query: AdminQuery): AdminListParams {
  return {
    ...(query.search ? { search: query.search } : {}),
    // Each endpoint narrows sortBy to its own columns; the server rejects any other.
    ...(query.sortBy ? { sortBy: query.sortBy as never, sortDir: query.sortDir } : {}),
    page: query.page,
  };
}

/**
 * The address's query and the page of rows it asks `load` for, refetched whenever the query changes;
 * `listProps` wire both into an AdminListPanel: the empty text, sortable columns, "N in total" and the pager.
 */
export function useAdminList<Row extends { id: number }, Data extends PagedRows<Row>>(name: string, load: (params: AdminListParams) => Promise<Data>) {
  const { query, setSearch, toggleSort, setPage } = useAdminQuery();
  const list = useApiQuery(`${name}:${query.search}:${query.sortBy}:${query.sortDir}:${query.page}`, () => load(toListParams(query)));
  const listProps = {
    list,
    pageOf: (page: Data) => ({ currentPage: page.current_page, lastPage: page.last_page, total: page.total }),
    isSearching: query.search !== '',
    requestedPage: query.page,
    hasTotal: true,
    onPageChange: setPage,
    sort: query.sortBy ? { key: query.sortBy, dir: query.sortDir } : undefined,
    onSortChange: toggleSort,
  } satisfies Partial<AdminListPanelProps<Row, Data>>;
  return { query, setSearch, list, listProps };
}
