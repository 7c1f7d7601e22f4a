import {
  activeSearch,
  ADMIN_LIST_NAMES,
  readListAddress,
  REPORTING_LIST_NAMES,
  withPage,
  withPerPage,
  withSearch,
  withSort,
  writeListAddress,
  type ListAddress,
} from './list-address';

const base: ListAddress = { search: '', sortBy: null, sortDir: 'asc', page: 1, perPage: null };

describe('list address', () => {
  it.each([
    ['', ''],
    ['f', ''],
    [' f ', ''],
    ['fi', 'fi'],
    ['  fire safety  ', 'fire safety'],
  ])('searches %j as %j (from 2 characters, trimmed)', (typed, expected) => {
    expect(activeSearch(typed)).toBe(expected);
  });

  it('reads the /admin naming, with defaults for what is missing or malformed', () => {
    expect(readListAddress(new URLSearchParams('tab=learners&search=fire&sortBy=name&sortDir=desc&page=3'), ADMIN_LIST_NAMES)).toEqual({
      search: 'fire',
      sortBy: 'name',
      sortDir: 'desc',
      page: 3,
      perPage: null,
    });
    expect(readListAddress(new URLSearchParams('search=f&sortDir=sideways&page=-2'), ADMIN_LIST_NAMES)).toEqual(base);
    expect(readListAddress(new URLSearchParams('page=abc&sortBy=password'), ADMIN_LIST_NAMES, ['name', 'email'])).toEqual(base);
  });

  it('reads and writes the /reporting naming', () => {
    const params = new URLSearchParams('search=fire&order_by=course&order_dir=desc&per_page=25&page=2&status=3');
    const list = readListAddress(params, REPORTING_LIST_NAMES);
    expect(list).toEqual({ search: 'fire', sortBy: 'course', sortDir: 'desc', page: 2, perPage: 25 });
    expect(writeListAddress(params, REPORTING_LIST_NAMES, withPage(list, 1)).toString()).toBe(
      'search=fire&order_by=course&order_dir=desc&per_page=25&status=3',
    );
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeListAddress(new URLSearchParams('tab=courses&search=old&sortDir=desc&page=4'), ADMIN_LIST_NAMES, base);
    expect(written.toString()).toBe('tab=courses');
  });

  it('starts a new search, sort or page size at page 1, and keeps the page for the same search', () => {
    const onPage3 = { ...base, search: 'fire', page: 3 };
    expect(withSearch(onPage3, 'gas')).toMatchObject({ search: 'gas', page: 1 });
    expect(withSearch(onPage3, ' fire ')).toBe(onPage3);
    expect(withSearch(onPage3, 'f')).toMatchObject({ search: '', page: 1 });
    expect(withSort(onPage3, 'name')).toMatchObject({ sortBy: 'name', sortDir: 'asc', page: 1 });
    expect(withPerPage(onPage3, 50)).toMatchObject({ perPage: 50, page: 1 });
  });

  it('toggles the direction on the same key and starts a new key ascending', () => {
    const byName = withSort(base, 'name');
    expect(withSort(byName, 'name').sortDir).toBe('desc');
    expect(withSort(withSort(byName, 'name'), 'name').sortDir).toBe('asc');
    expect(withSort(withSort(byName, 'name'), 'email')).toMatchObject({ sortBy: 'email', sortDir: 'asc' });
  });

  it('keeps pages between 1 and the last page', () => {
    expect(withPage(base, 0, 4).page).toBe(1);
    expect(withPage(base, 9, 4).page).toBe(4);
    expect(withPage(base, 2.7, 4).page).toBe(2);
    expect(withPage(base, 3, 0).page).toBe(1);
    expect(withPage(base, 7).page).toBe(7);
  });
});
