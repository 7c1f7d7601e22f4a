/**
 * Texts and small helpers of the route modules that hold functions. They live here, without zod,
 * because the frontends' route table (src/generated/frontend-table.ts) copies plain data only;
 * the route modules re-export them, so nothing else changes for services.
 */
import type { ReportType } from './routes/system-reports';
import { RENEWAL_THRESHOLD_DAYS } from './constants';

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
  /** Re-enrol on an enrolment that already has a newer one: nothing is enrolled or charged. */
  alreadyReEnrolled: (name: string, course: string, on: string) =>
    `${name} has already been re-enrolled onto ${course} (on ${on}): nothing was charged.`,
  /** Re-enrol before the window opens, or on an enrolment that is not passed. */
  reEnrolNotDue: `This learner can be re-enrolled from ${RENEWAL_THRESHOLD_DAYS} days before their certificate expires.`,
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

/** The player's commits (routes/learning.ts). */
/**
 * Limits of a SCORM commit (issue 13 item 7; decisions.md "Hardening"). Suspend data is kept whole
 * up to SUSPEND_DATA_MAX characters — four times the 64,000 SCORM 2004 asks an LMS to keep — and
 * a commit with more is refused with SCORM_MESSAGES.suspendDataTooLong, storing nothing (the state
 * saved before stays). At 3 bytes a character at most, that is under 0.8 MB of the MEDIUMTEXT
 * column's 16 MB. An attempt may commit COMMITS_PER_MINUTE times a minute (final commits, sent
 * once as a SCO closes, have their own FINAL_COMMITS_PER_MINUTE so they are never held up by
 * the others); more answer 429 with Retry-After, and the player sends its latest data again. Both
 * are abuse limits a learner never meets (issue 31 item 3: 10 finals a minute stopped a learner
 * clicking through short SCOs): a SCO launch takes a page load, so two a second for a whole minute
 * is beyond any person, while a script holding a launch token is still held to a few writes a second.
 *
 * One commit carries at most INTERACTIONS_MAX interactions and OBJECTIVES_MAX objectives (issue 31
 * item 4; decisions.md "Limits of one SCORM save"): forty times the 250 interactions SCORM 2004 asks
 * an LMS to keep, for courses that journal an interaction per answer and per retry. A commit with
 * more (or an index n at or past the limit) is refused whole like too much suspend data. Its body
 * may weigh BODY_MAX_BYTES: 10,000 interactions and 10,000 objectives as scorm-again sends them,
 * with suspend data at its cap, come to about 7 MB; 12 MB stays under MariaDB's 16 MB packet, so no
 * statement of the commit can pass it. Above that the binding answers 413 before reading the rest.
 */
export const SCORM_COMMIT_LIMITS = {
  SUSPEND_DATA_MAX: 256_000,
  INTERACTIONS_MAX: 10_000,
  OBJECTIVES_MAX: 10_000,
  BODY_MAX_BYTES: 12 * 1024 * 1024,
  COMMITS_PER_MINUTE: 120,
  FINAL_COMMITS_PER_MINUTE: 120,
} as const;

export const SCORM_MESSAGES = {
  suspendDataTooLong: (length: number) =>
    `This course tried to save ${length.toLocaleString('en-GB')} characters of progress data; the portal keeps at most ${SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX.toLocaleString('en-GB')}. Your progress up to the last save is kept.`,
  tooManyInteractions: (count: number) =>
    `This course tried to save ${count.toLocaleString('en-GB')} answers (interactions) at once; the portal keeps at most ${SCORM_COMMIT_LIMITS.INTERACTIONS_MAX.toLocaleString('en-GB')} for each part of a course in one attempt. Your progress up to the last save is kept.`,
  tooManyObjectives: (count: number) =>
    `This course tried to save ${count.toLocaleString('en-GB')} learning objectives at once; the portal keeps at most ${SCORM_COMMIT_LIMITS.OBJECTIVES_MAX.toLocaleString('en-GB')} for each part of a course in one attempt. Your progress up to the last save is kept.`,
} as const;

/** The sign-in page's address with the code filled in (`/login?code=…`): what each sign-in slip's QR code opens. */
export const signInAddress = (appUrl: string, loginCode: string) =>
  `${appUrl.replace(/\/+$/, '')}/login?code=${encodeURIComponent(loginCode)}`;
