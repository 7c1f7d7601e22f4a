import type { ListAddress } from '@portal/frontend-kit';

/**
 * A company list's query from its address, with the /reporting names the endpoints read
 * (search, order_by, order_dir, page, per_page): only what is set, so defaults stay the server's.
 */
export function listQueryOf<S extends string>(list: ListAddress<S>) {
  return {
    ...(list.search ? { search: list.search } : {}),
    ...(list.sortBy ? { order_by: list.sortBy, order_dir: list.sortDir } : {}),
    ...(list.page > 1 ? { page: list.page } : {}),
    ...(list.perPage ? { per_page: list.perPage } : {}),
  };
}
