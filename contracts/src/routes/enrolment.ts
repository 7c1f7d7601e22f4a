import { z } from 'zod';
import { decimal, defineRoute, idParam } from '../route';

export const creditBalance = defineRoute({
  name: 'credits.balance',
  method: 'GET',
  path: '/api/credit-balance',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary: 'The credit balance of the caller’s company (or the mimicked company).',
  response: z.object({ credit_balance: z.number().int() }),
});

export const LEARNER_CARD_STATES = ['not-started', 'in-progress', 'passed', 'failed', 'expired'] as const;

export const learnerEnrolmentSchema = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), description: z.string(), wp_link: z.string().nullable() }),
  state: z.enum(LEARNER_CARD_STATES),
  passed: z.boolean(),
  passed_at: z.string().nullable(),
  expired: z.boolean(),
  expired_at: z.string().nullable(),
  in_progress: z.boolean(),
  not_started: z.boolean(),
  failed: z.boolean(),
  certificate_code: z.string().nullable(),
  reviews_link: z.string().nullable(),
  /** 0–100 from the content's progress measure (SCORM 2004), or null when it reports none. */
  progress: z.number().int().min(0).max(100).nullable(),
  /**
   * One card per course (issue 32 item 4): the newest enrolment is the card; when it renews an
   * earlier pass, that pass is its history here (and no card of its own, so no second Renew).
   */
  renewal: z
    .object({
      /** When this enrolment was made. */
      renewed_at: z.string(),
      previous_passed_at: z.string().nullable(),
      previous_expires_at: z.string().nullable(),
      /** Whether the previous pass has run out by now. */
      previous_expired: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type LearnerEnrolment = z.infer<typeof learnerEnrolmentSchema>;

export const learnerDashboard = defineRoute({
  name: 'learner.dashboard',
  method: 'GET',
  path: '/api/learner/dashboard',
  service: 'enrolment',
  access: ['learner'],
  summary: 'The signed-in learner’s course cards.',
  response: z.object({
    learner_name: z.string(),
    enrollments: z.array(learnerEnrolmentSchema),
    help_email: z.string(),
    is_purchased_account: z.boolean(),
  }),
});

export const verifyCertificate = defineRoute({
  name: 'certificates.verify',
  method: 'GET',
  path: '/api/certificates/verify',
  service: 'enrolment',
  access: 'public',
  summary: 'Checks a certificate by the code printed in its QR code. Open to anyone; rate-limited per address (429).',
  query: z.object({
    code: z.string({ error: 'Enter a certificate code.' }).trim().min(1, 'Enter a certificate code.').max(64, 'That code is too long.'),
  }),
  /**
   * `state` tells valid, expired, revoked, superseded or not-found; `message` is the sentence to
   * show (CERTIFICATE_MESSAGES in certificates.ts). Details are only what the certificate prints:
   * course, learner, company, pass and expiry dates, the code (grouped). Not found: all null.
   */
  response: z.object({
    state: z.enum(['valid', 'expired', 'revoked', 'superseded', 'not-found']),
    message: z.string(),
    code: z.string().nullable(),
    companyName: z.string().nullable(),
    valid: z.boolean(),
    courseName: z.string().nullable(),
    learnerName: z.string().nullable(),
    passed: z.boolean(),
    passed_at: z.string().nullable(),
    expired: z.boolean(),
    expired_at: z.string().nullable(),
    error: z.string().nullable(),
  }),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.');

/** Admin force-enrol (spec §7 "Admin and users"; §4: an optional pass date and send-pass-email flag). */
export const adminEnrolUserBodySchema = z.object({
  course_id: decimal(z.number({ error: 'Choose a course.' }).int('Choose a course.').positive('Choose a course.')),
  /** Enrol without spending the company's credits (and even when already enrolled). */
  force: z.boolean().optional().default(false),
  /** Enrol as already passed on this date (YYYY-MM-DD, not in the future). */
  pass_date: isoDate.optional(),
  send_pass_email: z.boolean().optional().default(false),
});

export const adminEnrolUser = defineRoute({
  name: 'admin.users.enroll',
  method: 'POST',
  path: '/api/user/{id}/enroll',
  service: 'enrolment',
  access: ['admin'],
  summary: 'An admin enrols a user on a course: paid from the user’s company credits unless forced; optionally already passed.',
  params: z.object({ id: idParam }),
  body: adminEnrolUserBodySchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ id: z.number().int(), status: z.enum(['not_started', 'passed']), certificate_code: z.string().nullable() }),
  }),
});

export const enrolmentRoutes = [creditBalance, learnerDashboard, verifyCertificate, adminEnrolUser] as const;
