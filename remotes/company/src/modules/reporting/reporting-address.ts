import type { ReportingFilterName, ReportingFilters, ReportingStatus } from '@portal/contracts';
import { NO_REPORTING_FILTERS, readReportingFilters, reportingFilterParams, reportingFiltersSchema } from '@portal/contracts/schemas';

/**
 * The /reporting filters in the address (spec §2), in the contract's one shape
 * (reportingFiltersSchema, read and written by its helpers), beside the list's own search,
 * order_by, order_dir, per_page and page (useListAddress). The Dashboard's entry parameters `c`
 * (course ids) and `s` (a status code) are read once and turned into these filters.
 */

/**
 * The Dashboard's `s` codes (decisions.md "Reporting"): 1 not started, 2 in progress, 3 passed
 * (the 'Courses passed' panel links to /reporting?s=3), 4 failed.
 */
export const STATUS_CODES: Record<string, ReportingStatus> = { '1': 'not_started', '2': 'in_progress', '3': 'passed', '4': 'failed' };

/** Read once on arrival and removed from the address. */
export const ENTRY_NAMES = { courses: 'c', status: 's' } as const;

const FILTER_NAMES = Object.keys(reportingFiltersSchema.shape) as ReportingFilterName[];

/** A copy of `params` with `filters` written in (no filter left out) and the page back to 1. */
export function writeFilters(params: URLSearchParams, filters: ReportingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const written = reportingFilterParams(filters);
  for (const name of FILTER_NAMES) {
    const text = written[name];
    if (text === undefined) next.delete(name);
    else next.set(name, text);
  }
  next.delete('page');
  return next;
}

/** Clear filters: every filter, the search and the page go; the sort and page size stay. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = writeFilters(params, NO_REPORTING_FILTERS);
  next.delete('search');
  return next;
}

/**
 * The address once the entry parameters are consumed: `c` becomes the courses filter (read as the
 * schema reads `courses`), `s` the status filter, both leave the address. Null when there is
 * nothing to consume.
 */
export function consumeEntryParams(params: URLSearchParams): URLSearchParams | null {
  if (!params.has(ENTRY_NAMES.courses) && !params.has(ENTRY_NAMES.status)) return null;
  let filters = readReportingFilters(params);
  const courses = params.get(ENTRY_NAMES.courses);
  if (courses !== null) filters = { ...filters, courses: readReportingFilters(new URLSearchParams({ courses })).courses };
  const status = params.get(ENTRY_NAMES.status);
  if (status !== null) filters = { ...filters, status: STATUS_CODES[status] ?? filters.status };
  const next = writeFilters(params, filters);
  next.delete(ENTRY_NAMES.courses);
  next.delete(ENTRY_NAMES.status);
  return next;
}
