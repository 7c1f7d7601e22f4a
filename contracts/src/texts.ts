/**
 * Texts and small helpers of the route modules that hold functions. They live here, without zod,
 * because the frontends' route table (src/generated/frontend-table.ts) copies plain data only;
 * the route modules re-export them, so nothing else changes for services.
 */
import type { ReportType } from './routes/system-reports';

/** The Cron Jobs tab (routes/admin-jobs.ts). */
export const ADMIN_JOB_MESSAGES = {
  retried: 'The failed job is back in the queue.',
  retriedAll: (count: number) => `${count} failed job${count === 1 ? ' is' : 's are'} back in the queue.`,
  deleted: 'The failed job was deleted.',
  deletedAll: (count: number) => `${count} failed job${count === 1 ? ' was' : 's were'} deleted.`,
} as const;

/** Reporting (routes/reporting-enrolments.ts). */
export const REPORTING_MESSAGES = {
  emptyNoEnrolments: "You haven't enroled any employees yet.",
  emptyNoMatch: 'No enrolments were found matching your request.',
  reminded: 'Learner has been reminded successfully.',
  remindedAll: 'Learners have been reminded successfully.',
  remindedRecently: 'This learner was reminded less than 24 hours ago.',
  remindNotStarted: 'Only learners who have not started can be reminded.',
  noEmail: 'This learner has no email address: give them their login code instead.',
  nothingToRemind: 'There is nobody to remind on these courses.',
  reEnrolled: (name: string, course: string) => `${name} has successfully been re-enrolled onto ${course}`,
  reEnrolNoCredit: "You don't have enough credit to re-enrol this learner. Order credit here.",
  edited: 'Enrolment updated successfully.',
  deleted: 'Enrolment deleted and its credits refunded.',
  onlyNotStarted: 'This is only available if the employee has not started the course.',
  noReport: 'No enrollments to generate a report for',
  noLoginCodes: 'No login codes available to download',
  exporting: 'Please wait.. this may take a minute.',
  reportFailed: 'Failed to generate report',
  foreignIds: 'Some of these enrolments are not your company’s.',
} as const;

/** The export file names (spec §9): the day of the export, dd-mm-yyyy. */
export const exportFileName = (kind: 'report' | 'login_codes', at: Date): string => {
  const dd = String(at.getUTCDate()).padStart(2, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${at.getUTCFullYear()}_${kind}.xlsx`;
};

/** System Reports (routes/system-reports.ts). */
export const REPORT_MESSAGES = {
  downloaded: 'Report downloaded successfully!',
  error: (message: string) => `Error generating report: ${message}`,
  failed: 'Failed to generate report',
  generating: 'Generating...',
  datesOutOfOrder: 'The start date must be on or before the end date.',
} as const;

export const reportFallbackFileName = (type: ReportType | string) => `${type}-report.xlsx`;
