import { formatDate, REPORT_DEFAULT_DAYS, REPORT_MESSAGES } from '@portal/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The date inputs' first values: the last REPORT_DEFAULT_DAYS days up to today (spec §9). */
export function defaultReportDates(now: Date): { startDate: string; endDate: string } {
  return { startDate: isoDay(new Date(now.getTime() - REPORT_DEFAULT_DAYS * DAY_MS)), endDate: isoDay(now) };
}

/** Why the Generate buttons are off, or null when the dates are fine (start on or before end). */
export function dateProblem(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return 'Choose a start date and an end date.';
  return startDate > endDate ? REPORT_MESSAGES.datesOutOfOrder : null;
}

/** The sentence under the report list while its buttons are off: what is wrong and what to do. */
export function reportsBlockedText(problem: string): string {
  return `${problem} Then you can view or generate a report.`;
}

/** A report's date range as people read it (en-GB): "01/11/2026 to 26/11/2026". */
export function reportRangeText(startDate: string, endDate: string): string {
  return `${formatDate(startDate)} to ${formatDate(endDate)}`;
}

/** A cell of the report view: days (a date column) in en-GB, an empty cell as a dash. */
export function reportCellText(column: { kind?: 'date' | undefined }, value: string | number | null | undefined): string | number {
  if (value === null || value === undefined || value === '') return '—';
  return column.kind === 'date' && typeof value === 'string' ? formatDate(value) || value : value;
}
