import type { ListAddress } from '@portal/frontend-kit';
import type { PeopleSort } from '@portal/contracts';
import { listQueryOf } from '../lists/list-query';

/** The address parameter of the depot filter. */
export const DEPOT_PARAM = 'depot_id';

/** The enrol wizard with these people chosen in its step 2 (the wizard reads `users`). */
export function enrolSelectionHref(ids: readonly number[]): string {
  return `/enrolments/create/v2?users=${ids.join(',')}`;
}

/** The depot the address filters by, or undefined (everyone). */
export function depotOf(params: URLSearchParams): number | undefined {
  const value = Number.parseInt(params.get(DEPOT_PARAM) ?? '', 10);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** GET /api/company/{id}/people's query for the list's address: only what is set. */
export function peopleQueryOf(list: ListAddress<PeopleSort>, depotId: number | undefined) {
  return {
    ...listQueryOf(list),
    ...(depotId !== undefined ? { depot_id: depotId } : {}),
  };
}
