import type { ReportingFilters, RouteInput, reportingEnrolments } from '@portal/contracts';
import { reportingFilterParams } from '@portal/contracts/schemas';
import type { ListAddress } from '@portal/frontend-kit';
import { listQueryOf } from '../lists/list-query';

type ReportingQueryInput = NonNullable<RouteInput<typeof reportingEnrolments>['query']>;

/** What the page asks the server for: the address's list state and filters (written as the contract's schema reads them), defaults left out. */
export function reportingQuery(list: ListAddress, filters: ReportingFilters): ReportingQueryInput {
  return {
    ...listQueryOf(list),
    ...reportingFilterParams(filters),
  } as ReportingQueryInput;
}

/** The same filters without sort and page: the ids every matching row has (totalEnrollmentIDs). */
export function matchingIdsQuery(list: ListAddress, filters: ReportingFilters): ReportingQueryInput {
  const {
    order_by: _by,
    order_dir: _dir,
    page: _page,
    per_page: _perPage,
    ...rest
  } = reportingQuery(list, filters) as Record<string, unknown>;
  return rest as ReportingQueryInput;
}
