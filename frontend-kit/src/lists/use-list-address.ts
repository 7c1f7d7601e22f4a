import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS } from '@portal/contracts';
import { useDebouncedValue } from '../timing/use-debounced-value';
import {
  activeSearch,
  ADMIN_LIST_NAMES,
  readListAddress,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  writeListAddress,
  type ListAddress,
  type ListAddressNames,
  type SortDir,
} from './list-address';

export interface ListAddressOptions<S extends string> {
  /** The parameter names; the /admin naming unless given (REPORTING_LIST_NAMES for /reporting). */
  names?: ListAddressNames;
  /** The keys the list sorts by; any other key in the address is ignored. */
  sortable?: readonly S[];
  /** How long typing must pause before the search reaches the address (spec §9). */
  debounceMs?: number;
}

/** What a list asks its endpoint for: search and sort only when set. */
export interface ListQuery<S extends string> {
  search?: string;
  sortBy?: S;
  sortDir?: SortDir;
  page: number;
}

/**
 * A list's search, sort, page and page size kept in the address, so Back, reload and a shared link
 * show the same list. Typing goes to the address once it pauses (replacing the history entry) and
 * only from MIN_SEARCH_LENGTH characters; a new search, sort or page size starts at page 1.
 * The address is replaced only when the new one differs, and never because the address changed,
 * so a pending search cannot undo a navigation.
 */
export function useListAddress<S extends string = string>({
  names = ADMIN_LIST_NAMES,
  sortable,
  debounceMs = DEBOUNCE_MS.autocomplete,
}: ListAddressOptions<S> = {}) {
  const [params, setParams] = useSearchParams();
  const address = params.toString();
  // Keyed by the address text: `params` is a new object after every navigation.
  const list = useMemo(() => readListAddress(new URLSearchParams(address), names, sortable), [address, names, sortable]);

  // Timers and handlers write against the address as it is now, not as it was when they were made.
  const latest = useRef({ params, setParams, names, sortable });
  useLayoutEffect(() => {
    latest.current = { params, setParams, names, sortable };
  });
  const update = useCallback((change: (current: ListAddress<S>) => ListAddress<S>, options?: { replace?: boolean }) => {
    const { params: current, setParams: set, names: currentNames, sortable: currentSortable } = latest.current;
    const before = readListAddress(current, currentNames, currentSortable);
    const after = change(before);
    if (after === before) return;
    const next = writeListAddress(current, currentNames, after);
    if (next.toString() !== current.toString()) set(next, options);
  }, []);

  const { searchText, setSearchText } = useSearchBox({
    initialText: params.get(names.search) ?? '',
    addressSearch: list.search,
    debounceMs,
    writeSearch: useCallback((search: string) => update((current) => withSearch(current, search), { replace: true }), [update]),
  });

  const toggleSort = useCallback(
    (key: string) => {
      if (sortable && !(sortable as readonly string[]).includes(key)) return;
      update((current) => withSort(current, key as S));
    },
    [sortable, update],
  );
  const setPage = useCallback((page: number, lastPage?: number) => update((current) => withPage(current, page, lastPage)), [update]);
  const setPerPage = useCallback((perPage: number | null) => update((current) => withPerPage(current, perPage)), [update]);
  /** Another parameter of the list (a category, a status): the page starts again at 1. */
  const setFilter = useCallback((name: string, value: string | null) => {
    const { params: current, setParams: set, names: currentNames } = latest.current;
    const next = new URLSearchParams(current);
    if (value === null) next.delete(name);
    else next.set(name, value);
    next.delete(currentNames.page);
    if (next.toString() !== current.toString()) set(next);
  }, []);

  const query: ListQuery<S> = {
    ...(list.search ? { search: list.search } : {}),
    ...(list.sortBy ? { sortBy: list.sortBy, sortDir: list.sortDir } : {}),
    page: list.page,
  };
  return {
    list,
    query,
    /** Changes whenever the request would: a key for useApiQuery. */
    key: JSON.stringify([query, list.perPage]),
    searchText,
    setSearchText,
    isSearching: list.search !== '',
    sort: list.sortBy ? { key: list.sortBy, dir: list.sortDir } : undefined,
    toggleSort,
    setPage,
    setPerPage,
    setFilter,
  };
}

/**
 * The search box: what is typed now; the address follows once typing pauses, and the box shows
 * the address's search when that changes by other means (Back, a link, a tab).
 */
function useSearchBox({
  initialText,
  addressSearch,
  debounceMs,
  writeSearch,
}: {
  initialText: string;
  addressSearch: string;
  debounceMs: number;
  writeSearch: (search: string) => void;
}) {
  const [searchText, setText] = useState(initialText);
  const typed = useRef(searchText);
  const written = useRef(addressSearch);
  const setSearchText = useCallback((text: string) => {
    typed.current = text;
    setText(text);
  }, []);

  const settled = useDebouncedValue(activeSearch(searchText), debounceMs);
  const lastSettled = useRef(settled);
  useEffect(() => {
    // Runs when the settled search changes, not when the address does.
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    written.current = settled;
    writeSearch(settled);
  }, [settled, writeSearch]);

  useEffect(() => {
    if (addressSearch === written.current || addressSearch === activeSearch(typed.current)) return;
    written.current = addressSearch;
    setSearchText(addressSearch);
  }, [addressSearch, setSearchText]);

  return { searchText, setSearchText };
}

export type ListAddressState<S extends string = string> = ReturnType<typeof useListAddress<S>>;
