import { useApiQuery, useListAddress, type ListQuery } from '@portal/frontend-kit';
import type { AdminListPanelProps, ListPage } from './admin-list-panel';

/** One page of a paged admin endpoint (the `pageSchema` of contracts). */
interface PagedRows {
  current_page: number;
  last_page: number;
  total: number;
}

/** The pager's numbers from a `pageSchema` answer. */
export const pageOfRows = <Page extends PagedRows>(page: Page): ListPage => ({
  currentPage: page.current_page,
  lastPage: page.last_page,
  total: page.total,
});

/**
 * The list the address asks for (?search=&sortBy=&sortDir=&page=, beside ?tab=), refetched whenever
 * it changes; `listProps` wire it into an AdminListPanel: the empty text, sortable columns and the pager.
 */
export function useAdminList<S extends string, Data extends { data: { id: number }[] }>({
  name,
  sortable,
  load,
  pageOf,
}: {
  name: string;
  sortable: readonly S[];
  load: (query: ListQuery<S>) => Promise<Data>;
  pageOf: (data: NoInfer<Data>) => ListPage;
}) {
  const address = useListAddress({ sortable });
  const list = useApiQuery(`${name}:${address.key}`, () => load(address.query));
  const listProps = {
    list,
    pageOf,
    isSearching: address.isSearching,
    requestedPage: address.list.page,
    onPageChange: address.setPage,
    sort: address.sort,
    onSortChange: address.toggleSort,
  } satisfies Partial<AdminListPanelProps<Data['data'][number], Data>>;
  return { address, list, listProps };
}
