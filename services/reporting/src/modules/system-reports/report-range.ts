import { REPORT_DEFAULT_DAYS } from '@portal/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export interface ReportRange {
  /** The dates as asked (YYYY-MM-DD, UTC), both included. */
  startDate: string;
  endDate: string;
  /** The instants that bound the query: from the start of startDate to the start of the day after endDate. */
  from: Date;
  before: Date;
}

/**
 * The range a report covers: the dates given, else the last REPORT_DEFAULT_DAYS days up to today
 * (spec §9), whole days in UTC with the end day included.
 */
export function reportRange(input: { startDate?: string | undefined; endDate?: string | undefined }, now: Date): ReportRange {
  const endDate = input.endDate ?? isoDay(now);
  const startDate = input.startDate ?? isoDay(new Date(Date.parse(`${endDate}T00:00:00Z`) - REPORT_DEFAULT_DAYS * DAY_MS));
  return { startDate, endDate, from: new Date(`${startDate}T00:00:00Z`), before: new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS) };
}
