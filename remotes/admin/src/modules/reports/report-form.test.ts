import { describe, expect, it } from 'vitest';
import { dateProblem, defaultReportDates, reportCellText, reportRangeText, reportsBlockedText } from './report-form';

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
  it('says what is wrong with the dates and what to do, not which buttons are off (issue 24 item 15)', () => {
    expect(reportsBlockedText('The start date must be on or before the end date.')).toBe(
      'The start date must be on or before the end date. Then you can view or generate a report.',
    );
  });
  it('shows the range in en-GB dates (issue 24 item 14)', () => {
    expect(reportRangeText('2026-11-01', '2026-11-26')).toBe('01/11/2026 to 26/11/2026');
  });
  it('shows the cells of date columns in en-GB, others as they are', () => {
    expect(reportCellText({ kind: 'date' }, '2025-07-14')).toBe('14/07/2025');
    expect(reportCellText({}, '2025-07-14')).toBe('2025-07-14');
    expect(reportCellText({ kind: 'date' }, null)).toBe('—');
    expect(reportCellText({}, 0)).toBe(0);
  });
});
