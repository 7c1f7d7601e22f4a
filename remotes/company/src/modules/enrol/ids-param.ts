/** Course ids as the pickers' `courses=1,2,3` parameter; left out when there are none. */
export function idsParam(ids: readonly number[]): string | undefined {
  return ids.length ? ids.join(',') : undefined;
}
