import type { RouteInput, reportingEnrolments } from '@portal/contracts';
import type { ListAddress } from '@portal/frontend-kit';
import type { ReportingFilters } from './reporting-address';

type ReportingQueryInput = NonNullable<RouteInput<typeof reportingEnrolments>['query']>;

/** What the page asks the server for: the address's list state and filters, defaults left out. */
export function reportingQuery(list: ListAddress, filters: ReportingFilters): ReportingQueryInput {
  return {
    ...(list.search ? { search: list.search } : {}),
    ...(list.sortBy ? { order_by: list.sortBy, order_dir: list.sortDir } : {}),
    ...(list.page > 1 ? { page: list.page } : {}),
    ...(list.perPage ? { per_page: list.perPage } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.user !== null ? { user: filters.user } : {}),
    ...(filters.courses.length ? { courses: filters.courses.join(',') } : {}),
    ...(filters.startDate ? { start_date: filters.startDate } : {}),
    ...(filters.endDate ? { end_date: filters.endDate } : {}),
    ...(filters.depot !== null ? { depot: filters.depot } : {}),
  } as ReportingQueryInput;
}

/** The same filters without sort and page: the ids every matching row has (totalEnrollmentIDs). */
export function matchingIdsQuery(list: ListAddress, filters: ReportingFilters): ReportingQueryInput {
  const { order_by: _by, order_dir: _dir, page: _page, per_page: _perPage, ...rest } = reportingQuery(list, filters) as Record<string, unknown>;
  return rest as ReportingQueryInput;
}
