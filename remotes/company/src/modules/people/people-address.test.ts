import { depotOf, enrolSelectionHref, peopleQueryOf } from './people-address';

describe('the People address', () => {
  it('links the wizard with the chosen ids, comma-separated', () => {
    expect(enrolSelectionHref([12, 15])).toBe('/enrolments/create/v2?users=12,15');
  });

  it('reads the depot filter, ignoring anything that is not an id', () => {
    expect(depotOf(new URLSearchParams('depot_id=7'))).toBe(7);
    expect(depotOf(new URLSearchParams('depot_id=abc'))).toBeUndefined();
    expect(depotOf(new URLSearchParams('depot_id=-2'))).toBeUndefined();
    expect(depotOf(new URLSearchParams(''))).toBeUndefined();
  });

  it('asks only for what the address sets', () => {
    const list = { search: '', sortBy: null, sortDir: 'asc', page: 1, perPage: null } as const;
    expect(peopleQueryOf(list, undefined)).toEqual({});
    expect(peopleQueryOf({ ...list, search: 'ann', sortBy: 'depot', sortDir: 'desc', page: 3, perPage: 50 }, 9)).toEqual({
      search: 'ann',
      order_by: 'depot',
      order_dir: 'desc',
      page: 3,
      per_page: 50,
      depot_id: 9,
    });
  });
});
