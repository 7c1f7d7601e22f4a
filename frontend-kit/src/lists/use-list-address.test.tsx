import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { DEBOUNCE_MS } from '@portal/contracts';
import { REPORTING_LIST_NAMES } from './list-address';
import { useListAddress, type ListAddressOptions } from './use-list-address';

const PAUSE = DEBOUNCE_MS.autocomplete;

/** The hook on a page at `url`, with the router's location beside it. */
function renderList(url: string, options: ListAddressOptions<string> = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ list: useListAddress(options), location: useLocation(), navigate: useNavigate(), navigationType: useNavigationType() }),
    { wrapper },
  );
}

const pause = (ms: number = PAUSE) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useListAddress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the state the address holds, in the naming the page uses', () => {
    const { result } = renderList('/reporting?search=fire&order_by=course&order_dir=desc&per_page=25&page=2', {
      names: REPORTING_LIST_NAMES,
      sortable: ['course', 'learner'],
    });
    expect(result.current.list.query).toEqual({ search: 'fire', sortBy: 'course', sortDir: 'desc', page: 2 });
    expect(result.current.list.list.perPage).toBe(25);
    expect(result.current.list.searchText).toBe('fire');
    expect(result.current.list.sort).toEqual({ key: 'course', dir: 'desc' });
    expect(result.current.list.isSearching).toBe(true);
  });

  it('sends the search to the address once typing pauses, from 2 characters, replacing the entry and going back to page 1', () => {
    const { result } = renderList('/admin?tab=learners&page=3');
    const before = result.current.location.key;

    act(() => result.current.list.setSearchText('f'));
    pause();
    expect(result.current.location.search).toBe('?tab=learners&page=3');
    expect(result.current.location.key).toBe(before);

    act(() => result.current.list.setSearchText('fir'));
    pause(PAUSE - 1);
    act(() => result.current.list.setSearchText('fire'));
    pause(PAUSE - 1);
    expect(result.current.location.search).toBe('?tab=learners&page=3');
    pause(1);
    expect(result.current.location.search).toBe('?tab=learners&search=fire');
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.list.query).toEqual({ search: 'fire', page: 1 });
    // The box keeps what was typed.
    expect(result.current.list.searchText).toBe('fire');
  });

  it('leaves the address alone when the search it would write is the one it holds', () => {
    const { result } = renderList('/courses?search=fire&page=2');
    const before = result.current.location.key;
    act(() => result.current.list.setSearchText('fire '));
    pause();
    expect(result.current.location.key).toBe(before);
    expect(result.current.location.search).toBe('?search=fire&page=2');
  });

  it('clears the search from the address when the box is emptied', () => {
    const { result } = renderList('/courses?search=fire&category_id=8');
    act(() => result.current.list.setSearchText(''));
    pause();
    expect(result.current.location.search).toBe('?category_id=8');
    expect(result.current.list.isSearching).toBe(false);
  });

  it('never undoes a navigation: a settled search is not written again because the address changed', () => {
    const { result } = renderList('/admin?tab=learners');
    act(() => result.current.list.setSearchText('fire'));
    pause();
    expect(result.current.location.search).toBe('?tab=learners&search=fire');

    act(() => result.current.list.setPage(2, 5));
    expect(result.current.location.search).toBe('?tab=learners&search=fire&page=2');
    const afterPaging = result.current.location.key;
    pause(10 * PAUSE);
    expect(result.current.location.key).toBe(afterPaging);

    act(() => {
      void result.current.navigate('/admin?tab=learners&sortBy=name&sortDir=asc');
    });
    pause(10 * PAUSE);
    expect(result.current.location.search).toBe('?tab=learners&sortBy=name&sortDir=asc');
    // The box follows the address it was sent to.
    expect(result.current.list.searchText).toBe('');
  });

  it('drops a search still pending when the address moves elsewhere, and shows the new search', () => {
    const { result } = renderList('/admin?tab=learners&search=fire');
    act(() => result.current.list.setSearchText('gas'));
    pause(PAUSE - 1);
    act(() => {
      void result.current.navigate('/admin?tab=learners&search=ladder');
    });
    expect(result.current.list.searchText).toBe('ladder');
    pause(10 * PAUSE);
    expect(result.current.location.search).toBe('?tab=learners&search=ladder');
  });

  it('sorts by a new key ascending, then toggles, each time from page 1 and as a new history entry', () => {
    const { result } = renderList('/admin?tab=companies&page=4', { sortable: ['name', 'email'] });

    act(() => result.current.list.toggleSort('name'));
    expect(result.current.location.search).toBe('?tab=companies&sortBy=name&sortDir=asc');
    expect(result.current.navigationType).toBe('PUSH');

    act(() => result.current.list.toggleSort('name'));
    expect(result.current.location.search).toBe('?tab=companies&sortBy=name&sortDir=desc');

    const before = result.current.location.key;
    act(() => result.current.list.toggleSort('password'));
    expect(result.current.location.key).toBe(before);
  });

  it('keeps the page between 1 and the last page, and changes the page size from page 1', () => {
    const { result } = renderList('/reporting?page=2', { names: REPORTING_LIST_NAMES });

    act(() => result.current.list.setPage(9, 3));
    expect(result.current.location.search).toBe('?page=3');
    act(() => result.current.list.setPage(0, 3));
    expect(result.current.location.search).toBe('');

    act(() => result.current.list.setPage(2, 3));
    act(() => result.current.list.setPerPage(50));
    expect(result.current.location.search).toBe('?per_page=50');
  });

  it('sets another parameter of the list from page 1', () => {
    const { result } = renderList('/courses?search=fire&page=2');
    act(() => result.current.list.setFilter('category_id', '8'));
    expect(result.current.location.search).toBe('?search=fire&category_id=8');
    act(() => result.current.list.setFilter('category_id', null));
    expect(result.current.location.search).toBe('?search=fire');
  });
});
