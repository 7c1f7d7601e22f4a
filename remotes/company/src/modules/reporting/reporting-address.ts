import { REPORTING_STATUSES, type ReportingStatus } from '@portal/contracts';

/**
 * The /reporting filters as the address holds them (spec §2): status, user, courses, start_date,
 * end_date and depot beside the list's own search, order_by, order_dir, per_page and page. The
 * Dashboard's entry parameters `c` (course ids) and `s` (a status code) are read once and turned
 * into these filters.
 */


/**
 * The Dashboard's `s` codes (decisions.md "Reporting"): 1 not started, 2 in progress, 3 passed
 * (the 'Courses passed' panel links to /reporting?s=3), 4 failed.
 */
export const STATUS_CODES: Record<string, ReportingStatus> = { '1': 'not_started', '2': 'in_progress', '3': 'passed', '4': 'failed' };

export const FILTER_NAMES = { status: 'status', user: 'user', courses: 'courses', startDate: 'start_date', endDate: 'end_date', depot: 'depot' } as const;
/** Read once on arrival and removed from the address. */
export const ENTRY_NAMES = { courses: 'c', status: 's' } as const;

export interface ReportingFilters {
  status: ReportingStatus | null;
  user: number | null;
  /** Empty: every course. */
  courses: number[];
  /** YYYY-MM-DD. */
  startDate: string | null;
  endDate: string | null;
  depot: number | null;
}

export const NO_FILTERS: ReportingFilters = { status: null, user: null, courses: [], startDate: null, endDate: null, depot: null };

const positiveId = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** `1,2,3` → [1, 2, 3]: ids in the order given, without repeats or anything that is not an id. */
export function parseIds(text: string | null): number[] {
  if (!text) return [];
  const ids = text.split(',').map((part) => positiveId(part)).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

const isoDate = (text: string | null): string | null => {
  if (text === null || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? null : text;
};

const status = (text: string | null): ReportingStatus | null =>
  text !== null && (REPORTING_STATUSES as readonly string[]).includes(text) ? (text as ReportingStatus) : null;

/** The filters of an address; anything malformed is no filter. */
export function readFilters(params: URLSearchParams): ReportingFilters {
  return {
    status: status(params.get(FILTER_NAMES.status)),
    user: positiveId(params.get(FILTER_NAMES.user)),
    courses: parseIds(params.get(FILTER_NAMES.courses)),
    startDate: isoDate(params.get(FILTER_NAMES.startDate)),
    endDate: isoDate(params.get(FILTER_NAMES.endDate)),
    depot: positiveId(params.get(FILTER_NAMES.depot)),
  };
}

/** A copy of `params` with `filters` written in (defaults left out) and the page back to 1. */
export function writeFilters(params: URLSearchParams, filters: ReportingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) => (value === null || value === '' ? next.delete(name) : next.set(name, value));
  put(FILTER_NAMES.status, filters.status);
  put(FILTER_NAMES.user, filters.user === null ? null : String(filters.user));
  put(FILTER_NAMES.courses, filters.courses.length ? filters.courses.join(',') : null);
  put(FILTER_NAMES.startDate, filters.startDate);
  put(FILTER_NAMES.endDate, filters.endDate);
  put(FILTER_NAMES.depot, filters.depot === null ? null : String(filters.depot));
  next.delete('page');
  return next;
}

export function hasFilters(filters: ReportingFilters): boolean {
  return (
    filters.status !== null ||
    filters.user !== null ||
    filters.courses.length > 0 ||
    filters.startDate !== null ||
    filters.endDate !== null ||
    filters.depot !== null
  );
}

/** Clear filters: every filter, the search and the page go; the sort and page size stay. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = writeFilters(params, NO_FILTERS);
  next.delete('search');
  return next;
}

/**
 * The address once the entry parameters are consumed: `c` becomes the courses filter, `s` the
 * status filter, both leave the address. Null when there is nothing to consume.
 */
export function consumeEntryParams(params: URLSearchParams): URLSearchParams | null {
  if (!params.has(ENTRY_NAMES.courses) && !params.has(ENTRY_NAMES.status)) return null;
  const filters = readFilters(params);
  if (params.has(ENTRY_NAMES.courses)) filters.courses = parseIds(params.get(ENTRY_NAMES.courses));
  if (params.has(ENTRY_NAMES.status)) filters.status = STATUS_CODES[params.get(ENTRY_NAMES.status) ?? ''] ?? filters.status;
  const next = writeFilters(params, filters);
  next.delete(ENTRY_NAMES.courses);
  next.delete(ENTRY_NAMES.status);
  return next;
}
