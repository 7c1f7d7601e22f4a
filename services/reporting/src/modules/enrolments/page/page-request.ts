import type { ReportingEnrolmentsQuery, ReportingFilterName, ReportingSort } from '@portal/contracts';
import type { Knex } from '@portal/service-kit';

/**
 * The filters as the route parsed them: its query object itself (the contract's
 * reportingFiltersSchema and the list's search), of which only the filters are read here. Its
 * `depot` is read once, into the companies in scope (`companyIds`).
 */
export type ReportingFilter = Pick<ReportingEnrolmentsQuery, 'search' | ReportingFilterName>;

/** A search resolved to ids: the enrolments of these learners, or on these courses. */
export interface SearchMatch {
  userIds: number[] | Knex.QueryBuilder;
  courseIds: number[];
}

/** Ranks for the sorts by name that need no join: course and depot ids in name order (equal names share a rank). */
export interface SortRanks {
  courses: { id: number; name: string }[];
  companies: { id: number; name: string }[];
}

export type Order = 'asc' | 'desc';

/** The rows a statement reads, before any order: the filter's, of these companies, the search as ids. */
export interface PageScope {
  filter: ReportingFilter;
  /** The acting company and its depots, or the one depot the filter asks for. */
  companyIds: number[];
  match: SearchMatch | null;
}

/**
 * One page to read, as every way of reading it takes it: the rows `skip` to `skip + take` of
 * the scope in `(sort, id)` order, `order` already turned when the page is read from the far end.
 */
export interface PageRequest extends PageScope {
  ranks: SortRanks;
  sort: ReportingSort;
  order: Order;
  take: number;
  skip: number;
  /** The filter's count per company (`count`), when known: it places a deep page's pivot. */
  perCompany: Map<number, number> | null;
}

/** Sorts read from `enrollments` alone, each served per company by an index `(company_id, <column>, id)`. */
export const ENROLMENT_SORTS: Partial<Record<ReportingSort, string>> = {
  status: 'e.status',
  enrolled: 'e.created_at',
  last_activity: 'e.updated_at',
  passed: 'e.passed_at',
  expiry: 'e.expires_at',
};
/** Sorts on the learner's columns: the only ones that still join (users, for the sorted rows). */
export const USER_SORTS: Partial<Record<ReportingSort, string>> = { learner: 'u.name', email: 'u.email' };

/** The SQL column of a sort; a way of reading is only chosen for sorts its map has, so a miss is a programming error. */
export function sortColumn(sorts: Partial<Record<ReportingSort, string>>, sort: ReportingSort): string {
  const column = sorts[sort];
  if (column === undefined) throw new Error(`No column for the /reporting sort "${sort}" here.`);
  return column;
}
/** Past this many matching learners a search filters by a subquery instead of a list of ids. */
export const MAX_LISTED_IDS = 5000;
/** Sorts whose column is never null: a page deep inside them may be found from a pivot row. */
export const NOT_NULL_SORTS = new Set<ReportingSort>(['status', 'enrolled', 'last_activity']);

/** How far the cheaper ways of reading a page reach (a test shrinks them to reach every way with a few rows). */
export const PAGE_READING = {
  /** A page this near either end is read per company and merged (at most this many index entries per company). */
  mergeWindow: 5000,
  /** A deep page is read from its pivot when the pivot is at most this many rows off. */
  pivotWindow: 5000,
  /** A learner's-column page this near either end is read learner by learner in order (learner-walk.ts)… */
  learnerWalkWindow: 1000,
  /** …at most this many learners a round, and this many rounds before it counts every learner instead. */
  learnerBatch: 200,
  learnerWalkRounds: 5,
};

/** Nothing but the companies: the page as it first opens, whose statements are prepared reads. */
export function unfiltered(filter: ReportingFilter, match: SearchMatch | null): boolean {
  return !match && !filter.status && !filter.user && filter.courses.length === 0 && !filter.start_date && !filter.end_date;
}

/**
 * Whether each company's rows come out of an index already in the sort's order with the filter
 * applied (so a walk stops at the page): the date sorts with no filter, the enrolled date with a
 * status, one course or a date range, the status sort with a status. A selective filter on another
 * column would make the walk read most of the company's rows; the planner's own plan is better then.
 */
export function indexServes({ filter, match, sort }: Pick<PageRequest, 'filter' | 'match' | 'sort'>): boolean {
  if (match || filter.user) return false;
  const dates = Boolean(filter.start_date || filter.end_date);
  if (sort === 'enrolled') return filter.courses.length === 0 || (filter.courses.length === 1 && !filter.status);
  if (sort === 'status') return filter.courses.length === 0 && !dates;
  // `(company_id, status, updated_at, id)` (migration 202612030100) serves last activity with a status too.
  if (sort === 'last_activity') return filter.courses.length === 0 && !dates;
  return !filter.status && filter.courses.length === 0 && !dates;
}
