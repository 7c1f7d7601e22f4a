import { z } from 'zod';
import { defineRoute } from '../route';

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

export const learnerEnrollmentSchema = z.object({
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
});
export type LearnerEnrollment = z.infer<typeof learnerEnrollmentSchema>;

export const learnerDashboard = defineRoute({
  name: 'learner.dashboard',
  method: 'GET',
  path: '/api/learner/dashboard',
  service: 'enrolment',
  access: ['learner'],
  summary: 'The signed-in learner’s course cards.',
  response: z.object({
    learner_name: z.string(),
    enrollments: z.array(learnerEnrollmentSchema),
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
  summary: 'Checks a certificate by the code printed in its QR code. Open to anyone.',
  query: z.object({ code: z.string({ error: 'Enter a certificate code.' }).trim().min(1, 'Enter a certificate code.').max(64, 'That code is too long.') }),
  response: z.object({
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

export const enrolmentRoutes = [creditBalance, learnerDashboard, verifyCertificate] as const;
