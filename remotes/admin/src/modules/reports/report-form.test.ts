import { describe, expect, it } from 'vitest';
import { dateProblem, defaultReportDates, downloadName } from './report-form';

describe('report form', () => {
  it('defaults to the last 30 days', () => {
    expect(defaultReportDates(new Date('2026-11-23T10:00:00Z'))).toEqual({ startDate: '2026-10-24', endDate: '2026-11-23' });
  });
  it.each([
    ['2026-01-01', '2026-01-31', null],
    ['2026-01-31', '2026-01-31', null],
    ['2026-02-01', '2026-01-31', 'The start date must be on or before the end date.'],
    ['', '2026-01-31', 'Choose a start date and an end date.'],
  ])('%s to %s', (start, end, problem) => {
    expect(dateProblem(start, end)).toBe(problem);
  });
  it('names the file as the server says, else the fallback', () => {
    expect(downloadName('attachment; filename="credit-usage_2026-01-01_2026-01-31.xlsx"', 'credit-usage-report.xlsx')).toBe('credit-usage_2026-01-01_2026-01-31.xlsx');
    expect(downloadName(null, 'credit-usage-report.xlsx')).toBe('credit-usage-report.xlsx');
  });
});
