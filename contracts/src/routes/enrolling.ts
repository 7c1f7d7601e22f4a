import { z } from 'zod';
import { decimal, defineRoute, idParam, idsQueryParam } from '../route';
import { nameField, optionalEmailField } from './users';
import { nestFormFields } from '../form-fields';

/**
 * Enrolling employees (issue 9): the 3-step wizard, the older Enroll page, bulk upload, the
 * employee pickers, and the admin's enrolment tools on the edit-learner screen.
 */

export const ENROLLING_MESSAGES = {
  enrolled: 'User successfully enrolled in course!',
  markedPassed: 'Enrollment successfully marked as passed!',
  deleted: 'Enrollment successfully deleted!',
  alreadyEnrolled: 'Already enrolled on this course.',
  nothingToEnrol:
    'Every chosen learner is already enrolled on the chosen courses, so there is nothing to enrol. Choose other learners or courses.',
  learnerExists: 'Whoops! this learner already exists',
  removeBulkRow: 'Are you sure you want to remove this user?',
  networkError: 'Network error occurred. Please try again.',
  errorTitle: 'An error has occurred',
  outstandingTitle: 'Outstanding Enrollments',
  reasonRequired: 'Give a reason for passing this enrolment.',
  bulkNotXlsx: 'Upload an Excel spreadsheet (.xlsx).',
  bulkNoName: 'The spreadsheet needs a Name column.',
  bulkEmpty: 'The spreadsheet has no learners in it.',
  bulkBadEmail: 'This email address is not valid.',
  bulkDuplicate: 'This row repeats an earlier row of the file.',
  bulkExisting: 'Already an employee: this row is matched to them.',
  selectCourse: 'Choose at least one course.',
  selectLearner: 'Choose at least one learner.',
} as const;

const idList = (what: string, max: number) =>
  z
    .array(decimal(z.number().int().positive(`Each ${what} id is a positive whole number.`)), { error: `Send the ${what} ids as a list.` })
    .max(max, `At most ${max} ${what}s at once.`);

/** An employee in the wizard's pickers: enough to name them and to say what they already have. */
export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  login_code: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
  /** Of the courses asked about (`courses=`), those this employee already has an open enrolment on. */
  enrolled_course_ids: z.array(z.number().int()),
});
export type Employee = z.infer<typeof employeeSchema>;

export const RECENT_LEARNERS_PAGE_SIZE = 10;

export const recentLearners = defineRoute({
  name: 'company.recentLearners',
  method: 'GET',
  path: '/api/company/{companyId}/getRecentLearner',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'The company’s (and its depots’) learners, newest first, 10 a page, each with the asked-about courses they already have.',
  params: z.object({ companyId: idParam }),
  query: z.strictObject({
    page: decimal(z.number().int().min(1).max(1_000_000).optional().default(1)),
    courses: idsQueryParam,
  }),
  response: z.object({
    data: z.object({ data: z.array(employeeSchema), current_page: z.number().int(), last_page: z.number().int(), total: z.number().int() }),
  }),
});

export const companyUsers = defineRoute({
  name: 'company.users',
  method: 'GET',
  path: '/api/company/{companyId}/users',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'The company’s employees whose name or email contains `s` (2+ characters; at most 20), or those of `ids` (the People page’s selection opening the wizard), with the asked-about courses they have.',
  params: z.object({ companyId: idParam }),
  query: z.strictObject({ s: z.string().trim().max(191).optional(), courses: idsQueryParam, ids: idsQueryParam }),
  response: z.object({ data: z.array(employeeSchema) }),
});

export const companyUsersSearch = defineRoute({
  name: 'company.usersSearch',
  method: 'GET',
  path: '/api/company/{companyId}/users/search',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'The wizard’s existing-employee search: by name or by email (2+ characters; at most 20).',
  params: z.object({ companyId: idParam }),
  query: z.strictObject({
    term: z.string().trim().max(191).optional().default(''),
    field: z.enum(['name', 'email'], { error: 'Search by name or email.' }).optional().default('name'),
    courses: idsQueryParam,
  }),
  response: z.object({ data: z.array(employeeSchema) }),
});

/** A new employee typed into the wizard or taken from a bulk row. */
export const newEmployeeSchema = z.object({ name: nameField, email: optionalEmailField.optional() });

export const enrolmentSummarySchema = z.object({
  total_attempted: z.number().int(),
  total_successful: z.number().int(),
  total_failed: z.number().int(),
  failed_users: z.array(z.object({ name: z.string(), email: z.string().nullable(), reason: z.string() })),
});
export type EnrolmentSummary = z.infer<typeof enrolmentSummarySchema>;

/** One enrolment made: who, on what, and how they sign in. */
export const enrolledRowSchema = z.object({
  enrollment_id: z.number().int(),
  user_id: z.number().int(),
  learner_name: z.string(),
  email: z.string().nullable(),
  course_id: z.number().int(),
  course_name: z.string(),
  login_code: z.string().nullable(),
  /** The enrolment's own code (its id as printed on exports). */
  code: z.string(),
  credits: z.number().int(),
});
export type EnrolledRow = z.infer<typeof enrolledRowSchema>;

export const MAX_ENROL_LEARNERS = 20_000;

export const wizardEnrolBodySchema = z.object({
  courses: idList('course', 100).min(1, ENROLLING_MESSAGES.selectCourse),
  users: idList('user', MAX_ENROL_LEARNERS).default([]),
  newUsers: z.array(newEmployeeSchema).max(MAX_ENROL_LEARNERS, `At most ${MAX_ENROL_LEARNERS} new employees at once.`).default([]),
  /**
   * The company (or depot) new employees belong to ("Learners belong to"). Existing employees are
   * enrolled in their own company (a depot's learner in the depot), which pays for them.
   */
  companyID: decimal(z.number({ error: 'Choose a company.' }).int().positive('Choose a company.')),
  /** Step 3's choice: a depot's enrolments are paid by its parent company alone, not the depot's own credits first. */
  pay_from_parent: z.boolean().optional(),
});

export const wizardEnrol = defineRoute({
  name: 'company.enrolWizard',
  method: 'POST',
  path: '/api/company/enroll',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { body: 'companyID' },
  summary:
    'Finalise in the wizard: creates the new employees, then enrols everyone on every course, paid in one transaction under a row lock (all or nothing for credits). Learners already enrolled are reported as failed, not charged.',
  body: wizardEnrolBodySchema,
  bodyLimit: 4 * 1024 * 1024,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(enrolledRowSchema),
    enrollment_summary: enrolmentSummarySchema,
    credit_balance: z.number().int(),
  }),
});

/** The older Enroll page's and Re-enrol's request: what companyEnrol enrols and companyEnrolQuote prices. */
export const companyEnrolBodySchema = z.object({
  courses: idList('course', 100).min(1, ENROLLING_MESSAGES.selectCourse),
  users: idList('user', MAX_ENROL_LEARNERS).min(1, ENROLLING_MESSAGES.selectLearner),
  /**
   * Re-enrol from /reporting: the passed enrolment being renewed (its learner and course are the
   * ones sent). Refused with a 422 unless it is due (RENEWAL_THRESHOLD_DAYS) and not renewed yet.
   */
  enrollment_id: idParam.optional(),
});

export const companyEnrol = defineRoute({
  name: 'company.enrol',
  method: 'POST',
  path: '/api/company/{companyId}/enroll',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'The older Enroll page (and re-enrol): enrols existing employees on courses; a passed or expired enrolment is renewed as a re-enrolment. Answers each learner’s name, course, login code and enrolment code. Re-enrol (enrollment_id) that cannot act (not due, already re-enrolled) is a 422 that says why.',
  params: z.object({ companyId: idParam }),
  body: companyEnrolBodySchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(enrolledRowSchema.extend({ name: z.string(), courseName: z.string(), re_enrolment: z.boolean() })),
    enrollment_summary: enrolmentSummarySchema,
    credit_balance: z.number().int(),
  }),
});

/** One spreadsheet row as the review step shows it. Nothing is spent until finalise. */
export const bulkRowSchema = z.object({
  /** The row number in the sheet (1-based, as a spreadsheet program shows it). */
  row: z.number().int(),
  Name: z.string(),
  Email: z.string().nullable(),
  problems: z.array(z.string()),
  /** Set when the row is an existing employee (matched by email): finalise enrols them, not a new account. */
  existing_user_id: z.number().int().nullable(),
  existing_user_name: z.string().nullable(),
  /** Of the courses sent with the file, those the matched employee is already enrolled on. */
  enrolled_course_ids: z.array(z.number().int()),
  /** False for rows that finalise would refuse (a bad email or a duplicate). */
  ok: z.boolean(),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const BULK_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const bulkEnrolUpload = defineRoute({
  name: 'enrollments.bulkUpload',
  method: 'POST',
  path: '/api/enrollments/bulkEnroll/{companyId}',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'Reads an .xlsx with Name and Email columns (found by header text anywhere, any case) and returns every row for review with its problems. Not an .xlsx, no Name column or no rows: 400.',
  params: z.object({ companyId: idParam }),
  bodyType: 'multipart',
  bodyLimit: BULK_UPLOAD_MAX_BYTES,
  // Nested like every form (`courses[]=1`, `courses[0]=1`), so a bracketed field is judged, not dropped.
  body: z.preprocess(
    nestFormFields,
    z.object({
      file: z.instanceof(File, { error: 'Choose a spreadsheet to upload.' }),
      /** The courses chosen in step 1, so rows already enrolled on them are flagged. */
      courses: z
        .preprocess(
          (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : typeof v === 'object' ? v : String(v).split(',')),
          idList('course', 100),
        )
        .optional(),
    }),
  ),
  response: z.object({ data: z.array(bulkRowSchema), total: z.number().int(), ok: z.number().int() }),
});

/** An enrolment on the admin's edit-learner screen. */
export const adminEnrolmentSchema = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(['not_started', 'in_progress', 'passed', 'failed']),
  created_at: z.string(),
  passed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  certificate_code: z.string().nullable(),
  /** Set when an admin passed it by hand: why, who and when. */
  manual_pass: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
});
export type AdminEnrolment = z.infer<typeof adminEnrolmentSchema>;

export const userEnrolments = defineRoute({
  name: 'admin.users.allEnrollment',
  method: 'GET',
  path: '/api/user/{id}/allEnrollment',
  service: 'enrolment',
  access: ['admin'],
  summary: 'Every enrolment of a user, newest first, for the edit-learner screen.',
  params: z.object({ id: idParam }),
  response: z.object({ data: z.array(adminEnrolmentSchema) }),
});

export const manualPassBodySchema = z.object({
  reason: z.string({ error: ENROLLING_MESSAGES.reasonRequired }).trim().min(3, ENROLLING_MESSAGES.reasonRequired).max(255),
});

export const manualPass = defineRoute({
  name: 'admin.enrollments.manualPass',
  method: 'POST',
  path: '/api/course/{enrollmentId}/manualPass',
  service: 'enrolment',
  access: ['admin'],
  summary: 'Marks a non-passed enrolment passed (certificate code and expiry from today); the reason is kept with who and when.',
  params: z.object({ enrollmentId: idParam }),
  body: manualPassBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: adminEnrolmentSchema }),
});

export const adminDeleteEnrolment = defineRoute({
  name: 'admin.enrollments.delete',
  method: 'POST',
  path: '/api/user/{id}/deleteEnroll/{enrollmentId}',
  service: 'enrolment',
  access: ['admin'],
  summary: 'Deletes one of the user’s enrolments; a paid enrolment not yet started is refunded to the company that paid.',
  params: z.object({ id: idParam, enrollmentId: idParam }),
  response: z.object({ success: z.literal(true), message: z.string(), remaining: z.number().int(), refunded: z.number().int() }),
});

/** The existing-learner answer of POST /api/user (spec §7): a field error plus who it is. */
export const existingLearnerInfoSchema = z.object({
  existing_user_id: z.number().int(),
  existing_user_name: z.string(),
  existing_user_enrollments: z.array(z.string()),
});
export type ExistingLearnerInfo = z.infer<typeof existingLearnerInfoSchema>;

/**
 * Step 2's "Add employee" asks first, creating nothing (issue 32 item 1): the new employee stays a
 * draft until Finalise. The same email is that learner; without an email, a learner of the same
 * name in the company or its depots. Either answers who it is, for 'Whoops! this learner already
 * exists'. An email used by anyone the caller may not act for is the usual 422 under `email`.
 */
export const checkNewEmployee = defineRoute({
  name: 'company.checkNewEmployee',
  method: 'POST',
  path: '/api/company/{companyId}/employees/check',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'Whether a new employee typed into the wizard is an existing learner of the company or its depots (same email; or, without an email, same name). Creates nothing.',
  params: z.object({ companyId: idParam }),
  body: newEmployeeSchema,
  response: z.object({
    data: z.object({
      existing: existingLearnerInfoSchema
        .extend({
          match: z.enum(['email', 'name']),
          existing_user_email: z.string().nullable(),
          existing_user_company_id: z.number().int(),
          existing_user_company_name: z.string(),
        })
        .nullable(),
    }),
  }),
});

export const enrollingRoutes = [
  recentLearners,
  companyUsers,
  companyUsersSearch,
  wizardEnrol,
  checkNewEmployee,
  companyEnrol,
  bulkEnrolUpload,
  userEnrolments,
  manualPass,
  adminDeleteEnrolment,
] as const;
