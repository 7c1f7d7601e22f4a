import { z } from 'zod';
import { decimal, defineRoute, idParam } from '../route';
import { listQuery, REPORTING_LIST_PARAMS } from '../list';
import { REPORTING_STATUSES, reportingFiltersSchema } from './reporting-filters';
import { nameField, optionalEmailField } from './users';
import { REPORTING_MESSAGES } from '../texts';

export { exportFileName, REPORTING_MESSAGES } from '../texts';

/**
 * Reporting (issue 10): the /reporting page's data (reporting service, the read model), and what
 * its rows and buttons do — edit, delete with refund, remind one and all, exports (enrolment
 * service). Re-enrol is `company.enrol` (POST /api/company/{companyId}/enroll), which already
 * renews a passed or expired enrolment as a 're-enrolment' charge.
 *
 * Tenancy: every route acts for the caller's acting company (`principal.companyId`: their own, or
 * the one an admin mimics) and its depots; ids of any other company are refused (403).
 */

/** Rows per page on /reporting unless `per_page` says otherwise. */
export const REPORTING_PAGE_SIZE = 10;
/** Hours between two reminders of the same enrolment. */
export const REMINDER_INTERVAL_HOURS = 24;
/** The most enrolments one export takes (a company's "All"). */
export const EXPORT_MAX_IDS = 200_000;

/** Sort keys of the table: every column. `enrolled` (newest first) is the default. */
export const REPORTING_SORTABLE = [
  'learner',
  'email',
  'depot',
  'course',
  'status',
  'enrolled',
  'last_activity',
  'passed',
  'expiry',
] as const;
export type ReportingSort = (typeof REPORTING_SORTABLE)[number];

/** The /reporting address, as the page keeps it (spec §2): the filters (reportingFiltersSchema) and the list's search, order_by, order_dir, per_page, page. */
export const reportingEnrolmentsQuery = listQuery({
  sortable: REPORTING_SORTABLE,
  defaultSort: 'enrolled',
  defaultDir: 'desc',
  perPage: { default: REPORTING_PAGE_SIZE, max: 100 },
  names: REPORTING_LIST_PARAMS,
  filters: reportingFiltersSchema.shape,
});
export type ReportingEnrolmentsQuery = z.output<typeof reportingEnrolmentsQuery>;

const idName = z.object({ id: z.number().int(), name: z.string() });

/** What the caller may do with a row (spec §4). */
export const reportingActionsSchema = z.object({
  /** Edit and Remind: not started. */
  edit: z.boolean(),
  remind: z.boolean(),
  /** Delete with refund: not started. */
  delete: z.boolean(),
  /** Passed and not expired. */
  view_certificate: z.boolean(),
  /** Passed, the expiry within RENEWAL_THRESHOLD_DAYS of today or past, and not re-enrolled yet (`re_enrolled_at`). */
  re_enrol: z.boolean(),
});

/** One row of the /reporting table. Dates are ISO strings (UTC); null when not reached. */
export const reportingEnrolmentRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  learner_name: z.string(),
  email: z.string().nullable(),
  /** Shown in the email column when the learner has no email. */
  login_code: z.string().nullable(),
  /** The company or depot the enrolment belongs to. */
  company_id: z.number().int(),
  /** The depot's name; null when the enrolment is the acting company's own. */
  depot: z.string().nullable(),
  course_id: z.number().int(),
  course_name: z.string(),
  status: z.enum(REPORTING_STATUSES),
  enrolled_at: z.string(),
  /** The last change the learner made (a SCORM commit or launch); null while not started. */
  last_activity_at: z.string().nullable(),
  passed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Expiry within RENEWAL_THRESHOLD_DAYS of today or past: the page shows it red. */
  expiry_due: z.boolean(),
  certificate_code: z.string().nullable(),
  last_reminded_at: z.string().nullable(),
  /** When the learner was next enrolled on the course (a renewal): Re-enrol is no longer offered, and the page says so. */
  re_enrolled_at: z.string().nullable(),
  actions: reportingActionsSchema,
});
export type ReportingEnrolmentRow = z.infer<typeof reportingEnrolmentRowSchema>;

/** The spec's page `meta`: numbering, totals and the neighbouring pages' addresses (null at the ends). */
export const reportingMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  links: z.object({ prev: z.string().nullable(), next: z.string().nullable() }),
});

export const reportingEnrolments = defineRoute({
  name: 'reporting.enrolments',
  method: 'GET',
  path: '/api/reporting/enrolments',
  service: 'reporting',
  access: ['manager', 'admin'],
  summary:
    'The /reporting data for the acting company and its depots: the applied filters, the course tiles, the chosen learner, the statuses, the depots (empty: no depot filter or column), and one page of enrolments. `company_total` is every enrolment of the company (0: the "not enroled yet" empty state).',
  query: reportingEnrolmentsQuery,
  response: z.object({
    filters: z.object({
      search: z.string().nullable(),
      status: z.enum(REPORTING_STATUSES).nullable(),
      user: z.number().int().nullable(),
      courses: z.array(z.number().int()),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      depot: z.number().int().nullable(),
      order_by: z.enum(REPORTING_SORTABLE),
      order_dir: z.enum(['asc', 'desc']),
      per_page: z.number().int(),
      page: z.number().int(),
    }),
    /** Courses the company has enrolments on (the tiles), by name. */
    courses: z.array(idName),
    /**
     * The learner of the `user` filter (id and name), or empty. The learner picker searches with
     * `company.users` (GET /api/company/{companyId}/users?s=): a company may have 100,000 learners.
     */
    users: z.array(idName),
    statuses: z.array(z.object({ id: z.enum(REPORTING_STATUSES), name: z.string() })),
    /** The acting company's depots; empty when it has none. */
    depots: z.array(idName),
    company_total: z.number().int(),
    results: z.object({ data: z.array(reportingEnrolmentRowSchema), meta: reportingMetaSchema }),
  }),
});

export const reportingEnrolmentIds = defineRoute({
  name: 'reporting.enrolmentIds',
  method: 'GET',
  path: '/api/reporting/enrolments/ids',
  service: 'reporting',
  access: ['manager', 'admin'],
  summary:
    'totalEnrollmentIDs: the ids of every enrolment the same filters match (sort and page ignored), for "All" in the exports. Kept out of the page data so turning a page never ships 100,000 ids.',
  query: reportingEnrolmentsQuery,
  response: z.object({ totalEnrollmentIDs: z.array(z.number().int()) }),
});

/** The edit-enrolment page's data. `depots` are the acting company (first) and its depots. */
export const enrolmentForEdit = defineRoute({
  name: 'enrolments.show',
  method: 'GET',
  path: '/api/enrolments/{id}',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary:
    'One enrolment of the acting company for the edit page: the learner (name, email, login code), course, status, its company/depot, the depots to choose from and whether it may still be edited.',
  params: z.object({ id: idParam }),
  response: z.object({
    data: z.object({
      id: z.number().int(),
      status: z.enum(REPORTING_STATUSES),
      course: idName,
      learner: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), login_code: z.string().nullable() }),
      depot: z.number().int(),
      depots: z.array(idName),
      /** Not started: edit and delete are offered. */
      editable: z.boolean(),
    }),
  }),
});

export const editEnrolmentBodySchema = z.object({
  name: nameField,
  email: optionalEmailField.optional(),
  /** The company or one of its depots (`depots` of enrolments.show). */
  depot: decimal(z.number({ error: 'Choose a depot.' }).int().positive('Choose a depot.')),
});

export const editEnrolment = defineRoute({
  name: 'enrolments.edit',
  method: 'POST',
  path: '/api/enrolments/{id}/edit',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary:
    'Edits a not-started enrolment: the learner’s name and email (identity) and the depot it and its learner belong to. Started: 422 on `name`. A used email: 422 on `email`. A depot outside the company: 422 on `depot`.',
  params: z.object({ id: idParam }),
  body: editEnrolmentBodySchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const deleteEnrolment = defineRoute({
  name: 'enrolments.delete',
  method: 'POST',
  path: '/api/enrolments/{id}/delete',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary: 'Deletes a not-started enrolment and refunds what it cost to whoever paid, as ledger rows (422 once started).',
  params: z.object({ id: idParam }),
  response: z.object({ success: z.literal(true), message: z.string(), refunded: z.number().int() }),
});

/** A learner a reminder could not be mailed to: the manager hands them their login code. */
export const unmailableLearnerSchema = z.object({
  enrollment_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  course_name: z.string(),
  login_code: z.string().nullable(),
});

const remindResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Mails queued. */
  reminded: z.number().int(),
  /** Left out: reminded less than REMINDER_INTERVAL_HOURS ago. */
  skipped_recent: z.number().int(),
  /** No email: their login codes, to hand out. */
  no_email: z.array(unmailableLearnerSchema),
});

export const remindEnrolment = defineRoute({
  name: 'company.remind',
  method: 'POST',
  path: '/api/company/{companyId}/remind/{enrollmentId}',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'Mails one not-started learner a reminder with a sign-in link (through the job queue). Once per enrolment per 24 hours (422 otherwise); a learner without email comes back in `no_email` with their login code.',
  params: z.object({ companyId: idParam, enrollmentId: idParam }),
  body: z.object({}).optional(),
  response: remindResponse,
});

export const remindAll = defineRoute({
  name: 'enrollments.remindAll',
  method: 'POST',
  path: '/api/enrollments/remindAll/{companyId}',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'Reminds every not-started learner of the company (and its depots) on these courses (none: every course), skipping those reminded in the last 24 hours; learners without email come back with their login codes.',
  params: z.object({ companyId: idParam }),
  body: z.object({
    courses: z
      .array(decimal(z.number().int().positive('Each course id is a positive whole number.')), { error: 'Send the course ids as a list.' })
      .max(1000)
      .default([]),
  }),
  response: remindResponse,
});

const exportIds = (empty: string) =>
  z.object({
    ids: z
      .array(decimal(z.number().int().positive('Each enrolment id is a positive whole number.')), { error: empty })
      .min(1, empty)
      .max(EXPORT_MAX_IDS, `At most ${EXPORT_MAX_IDS} enrolments at once.`),
  });

/** Columns of the bulk report, in order (issue 10 item 5). */
export const EXPORT_BULK_COLUMNS = [
  'Learner',
  'Email',
  'Login code',
  'Depot',
  'Course',
  'Status',
  'Enrolled',
  'First launched',
  'Last activity',
  'Passed',
  'Expiry',
  'Score',
  'Time in course (SCORM)',
  'Time from first launch to last save',
] as const;
/**
 * Columns of the bulk report's Answers sheet, one row per interaction (issue 20 item 5): the
 * enrolment, the attempt (numbered from 1, with its start), the SCO ("part"), the interaction as
 * the content reported it (responses written as words), its latency in seconds and when it was
 * answered (see enrolmentAnswers).
 */
export const EXPORT_ANSWERS_COLUMNS = [
  'Learner',
  'Email',
  'Login code',
  'Depot',
  'Course',
  'Attempt',
  'Attempt started',
  'Part',
  'Interaction',
  'Question',
  'Type',
  'Response',
  'Correct response',
  'Result',
  'Weighting',
  'Latency (seconds)',
  'Answered',
] as const;
export const EXPORT_LOGIN_CODE_COLUMNS = ['Learner', 'Login code', 'Course', 'Depot'] as const;

export const exportBulk = defineRoute({
  name: 'enrollments.exportBulk',
  method: 'POST',
  path: '/api/enrollments/exportBulk',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary:
    'The report of these enrolments as {dd-mm-yyyy}_report.xlsx (streamed): a Report sheet, one row per enrolment, and an Answers sheet, one row per interaction the learners answered. No ids: 422 "No enrollments to generate a report for"; an id of another company: 403.',
  body: exportIds(REPORTING_MESSAGES.noReport),
  bodyLimit: 4 * 1024 * 1024,
  response: z.unknown(),
  responseType: 'file',
});

export const exportLoginCodes = defineRoute({
  name: 'enrollments.exportLoginCodes',
  method: 'POST',
  path: '/api/enrollments/exportLoginCodes',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary:
    'The login codes of these enrolments’ learners as {dd-mm-yyyy}_login_codes.xlsx, laid out to print. None with a code: 422 "No login codes available to download"; an id of another company: 403.',
  body: exportIds(REPORTING_MESSAGES.noLoginCodes),
  bodyLimit: 4 * 1024 * 1024,
  response: z.unknown(),
  responseType: 'file',
});

export const reportingEnrolmentRoutes = [
  reportingEnrolments,
  reportingEnrolmentIds,
  enrolmentForEdit,
  editEnrolment,
  deleteEnrolment,
  remindEnrolment,
  remindAll,
  exportBulk,
  exportLoginCodes,
] as const;
