import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readAdminQuery, withPage, withSearch, withSort, withTab, writeAdminQuery, type AdminQuery, type AdminTab } from './admin-query';

/** The Admin Dashboard's query kept in the address bar, with the transitions every panel reuses. */
export function useAdminQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readAdminQuery(params), [params]);

  const update = useCallback(
    (next: (current: AdminQuery) => AdminQuery, options?: { replace?: boolean }) =>
      setParams((current) => writeAdminQuery(next(readAdminQuery(current))), options),
    [setParams],
  );

  return {
    query,
    setTab: useCallback((tab: AdminTab) => update((current) => withTab(current, tab)), [update]),
    // Typing replaces the history entry rather than adding one per keystroke.
    setSearch: useCallback((search: string) => update((current) => withSearch(current, search), { replace: true }), [update]),
    toggleSort: useCallback((sortBy: string) => update((current) => withSort(current, sortBy)), [update]),
    setPage: useCallback((page: number, lastPage: number) => update((current) => withPage(current, page, lastPage)), [update]),
  };
}
