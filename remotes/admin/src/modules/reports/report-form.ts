import { REPORT_DEFAULT_DAYS, REPORT_MESSAGES } from '@portal/contracts';

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

/** The file name a download's Content-Disposition gives, else the fallback. */
export function downloadName(contentDisposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? fallback;
}
