import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  hasReportingFilters,
  NO_REPORTING_FILTERS,
  readReportingFilters,
  reportingEnrolmentsQuery,
  reportingFilterParams,
  reportingFiltersSchema,
  type ReportingFilters,
} from './routes';

const address = (text: string) => new URLSearchParams(text);

describe('the /reporting filters: one shape from the address to SQL', () => {
  it('round-trips: address → schema → query string → schema gives the same object', () => {
    const read = readReportingFilters(
      address('status=passed&user=7&courses=3,1&start_date=2026-01-02&end_date=2026-02-03&depot=9&order_by=course'),
    );
    expect(read).toEqual({ status: 'passed', user: 7, courses: [3, 1], start_date: '2026-01-02', end_date: '2026-02-03', depot: 9 });
    const queryString = new URLSearchParams(reportingFilterParams(read)).toString();
    expect(queryString).toBe('status=passed&user=7&courses=3%2C1&start_date=2026-01-02&end_date=2026-02-03&depot=9');
    expect(readReportingFilters(address(queryString))).toEqual(read);
    // The route parses the same text with the same fields: its parsed query carries the object as it is.
    const parsed = reportingEnrolmentsQuery.parse(Object.fromEntries(address(queryString)));
    expect(parsed).toEqual({ ...read, search: null, sort: 'enrolled', dir: 'desc', page: 1, perPage: 10 });
  });

  it('round-trips every single filter and none', () => {
    const cases: ReportingFilters[] = [
      NO_REPORTING_FILTERS,
      { courses: [], status: 'not_started' },
      { courses: [5] },
      { courses: [], user: 12 },
      { courses: [], start_date: '2026-12-31' },
      { courses: [], end_date: '2026-01-01' },
      { courses: [], depot: 3 },
    ];
    for (const filters of cases) {
      const params = reportingFilterParams(filters);
      expect(reportingFiltersSchema.parse(params)).toEqual(filters);
      expect(readReportingFilters(new URLSearchParams(params))).toEqual(filters);
    }
  });

  it('leaves no filter out of the address, and says when any is set', () => {
    expect(reportingFilterParams(NO_REPORTING_FILTERS)).toEqual({});
    expect(hasReportingFilters(NO_REPORTING_FILTERS)).toBe(false);
    expect(hasReportingFilters({ courses: [], end_date: '2026-01-01' })).toBe(true);
    expect(hasReportingFilters({ courses: [1] })).toBe(true);
  });

  it('reads a malformed filter of the address as no filter, where the route answers 422', () => {
    const malformed = 'status=done&user=x&courses=a,,-2&start_date=02/01/2026&end_date=2026-13-45&depot=0';
    expect(readReportingFilters(address(malformed))).toEqual(NO_REPORTING_FILTERS);
    for (const [name, value] of address(malformed)) expect(reportingEnrolmentsQuery.safeParse({ [name]: value }).success, name).toBe(false);
    expect(readReportingFilters(address('status=&user=&courses=&depot='))).toEqual(NO_REPORTING_FILTERS);
  });

  it('is the filters of the route’s query, field for field', () => {
    const parsed: z.output<typeof reportingEnrolmentsQuery> = reportingEnrolmentsQuery.parse({});
    const filters: ReportingFilters = parsed;
    expect(filters).toBe(parsed);
  });
});
