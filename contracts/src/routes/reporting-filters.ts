import { z } from 'zod';
import { idParam, idsQueryParam } from '../route';

export const REPORTING_STATUSES = ['not_started', 'in_progress', 'passed', 'failed'] as const;
export type ReportingStatus = (typeof REPORTING_STATUSES)[number];
export const REPORTING_STATUS_LABELS: Record<ReportingStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  passed: 'Passed',
  failed: 'Failed',
};

const dateParam = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${what} date is a date like 2026-01-31.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `The ${what} date is not a real date.`)
    .optional();
const blankIsNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/**
 * The /reporting filters (spec §2), one shape from the address to SQL: the page reads its address
 * and writes its request with this schema, the route parses the request with it (inside
 * reportingEnrolmentsQuery, beside the list's search, order_by, order_dir, per_page and page), and
 * the parsed object reaches the SQL builders as it is. courses: comma separated ids;
 * start_date/end_date: YYYY-MM-DD, on the enrolled date, both inclusive; depot: the company's or one of its depots.
 */
export const reportingFiltersSchema = z.object({
  status: blankIsNone(z.enum(REPORTING_STATUSES, { error: 'Choose a status from the list.' }).optional()),
  user: blankIsNone(idParam.optional()),
  courses: idsQueryParam,
  start_date: dateParam('start'),
  end_date: dateParam('end'),
  depot: blankIsNone(idParam.optional()),
});
export type ReportingFilters = z.output<typeof reportingFiltersSchema>;
export type ReportingFilterName = keyof ReportingFilters;

/** No filter: every course, any status, learner, date and depot. */
export const NO_REPORTING_FILTERS: ReportingFilters = { courses: [] };

/**
 * The filters as an address or a request carries them (what the schema reads back to the same
 * object): ids lists comma separated, numbers as digits, nothing for no filter, in the schema's order.
 */
export function reportingFilterParams(filters: ReportingFilters): Partial<Record<ReportingFilterName, string>> {
  const params: Partial<Record<ReportingFilterName, string>> = {};
  for (const name of Object.keys(reportingFiltersSchema.shape) as ReportingFilterName[]) {
    const value = filters[name];
    const text = Array.isArray(value) ? value.join(',') : value === undefined ? '' : String(value);
    if (text !== '') params[name] = text;
  }
  return params;
}

/**
 * The filters of an address, each read by its field of the schema. Where the route answers a
 * malformed filter with 422, the page reads it as no filter (and shows every row).
 */
export function readReportingFilters(params: URLSearchParams): ReportingFilters {
  const shape = reportingFiltersSchema.shape;
  const wellFormed = Object.fromEntries(
    (Object.keys(shape) as ReportingFilterName[]).flatMap((name) => {
      const text = params.get(name);
      return text !== null && shape[name].safeParse(text).success ? [[name, text]] : [];
    }),
  );
  return reportingFiltersSchema.parse(wellFormed);
}

/** Whether any filter is set (the search aside). */
export const hasReportingFilters = (filters: ReportingFilters): boolean => Object.keys(reportingFilterParams(filters)).length > 0;
