import { useApiQuery, useListAddress, type ListAddressOptions, type ListQuery } from '@portal/frontend-kit';
import type { ListPage, ListPanelProps } from './list-panel';

/** One page of a paged endpoint (the `pageSchema` of contracts). */
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

export interface ListPanelOptions<S extends string, Data> extends Pick<ListAddressOptions<S>, 'names'> {
  /** The query's cache name; include any filter the request carries besides the address's list. */
  name: string;
  sortable: readonly S[];
  load: (query: ListQuery<S>) => Promise<Data>;
  pageOf: (data: NoInfer<Data>) => ListPage;
}

/**
 * The list the address asks for (?search=&sortBy=&sortDir=&page=, beside ?tab=), refetched whenever
 * it changes; `listProps` wire it into a ListPanel: the empty text, sortable columns and the pager.
 */
export function useListPanel<S extends string, Data extends { data: { id: number }[] }>({
  name,
  names,
  sortable,
  load,
  pageOf,
}: ListPanelOptions<S, Data>) {
  const address = useListAddress({ sortable, ...(names ? { names } : {}) });
  const list = useApiQuery(`${name}:${address.key}`, () => load(address.query));
  const listProps = {
    list,
    pageOf,
    isSearching: address.isSearching,
    requestedPage: address.list.page,
    onPageChange: address.setPage,
    sort: address.sort,
    onSortChange: address.toggleSort,
  } satisfies Partial<ListPanelProps<Data['data'][number], Data>>;
  return { address, list, listProps };
}
