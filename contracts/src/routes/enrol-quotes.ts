import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { creditSourcesSchema } from './credits';
import { companyEnrolBodySchema, wizardEnrolBodySchema } from './enrolling';

/**
 * What a spend of credits would take, asked before it is made (issue 32 items 2 and 3): the
 * wizard's step 3 and the confirmation of Re-enrol, the older Enroll page and the admin's enrol.
 * Both price through the enrol use case's one quote; nothing is written.
 */

const quotedCompany = { company_id: z.number().int(), company_name: z.string() };
/** Each account a spend takes credits from: its balance before, the credits taken, its balance after. */
const quotedAccounts = z.array(
  z.object({ ...quotedCompany, balance_before: z.number().int(), credits: z.number().int(), balance_after: z.number().int() }),
);

/** What a finalise would charge, account by account (step 3): nothing is written. */
export const wizardQuoteSchema = z.object({
  /** Enrolments charged (pairs already enrolled are skipped) and their credits. */
  enrolments: z.number().int(),
  credits: z.number().int(),
  /** Whether every paying account can cover its part. */
  is_enough: z.boolean(),
  /** Each account that pays: its balance before, the credits this takes, its balance after. */
  accounts: quotedAccounts,
  /** The learners of each company: how many enrolments, their credits, and who pays them ("Paid from"). */
  groups: z.array(
    z.object({
      ...quotedCompany,
      /** The parent company when these are a depot's learners (it pays what the depot cannot, or all when asked). */
      parent: z.object(quotedCompany).nullable(),
      enrolments: z.number().int(),
      credits: z.number().int(),
      paid_by: z.array(z.object({ ...quotedCompany, credits: z.number().int() })),
    }),
  ),
  /** Existing learners already enrolled on some of the courses: those pairs are not charged. */
  skipped: z.array(z.object({ user_id: z.number().int(), course_ids: z.array(z.number().int()) })),
});
export type WizardQuote = z.infer<typeof wizardQuoteSchema>;

export const wizardEnrolQuote = defineRoute({
  name: 'company.enrolWizardQuote',
  method: 'POST',
  path: '/api/company/enroll/quote',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { body: 'companyID' },
  summary:
    'Step 3 of the wizard: what finalising this body would charge, per paying account (a depot’s learners are paid by the depot, or its parent), without writing anything.',
  body: wizardEnrolBodySchema,
  bodyLimit: 4 * 1024 * 1024,
  response: z.object({ data: wizardQuoteSchema }),
});

/**
 * What companyEnrol would do with the same body, for the confirmation every spend asks first
 * (issue 32 item 3): the enrolments it would make and charge, those it would skip, the credits, and
 * whose balance pays (a depot's own first, then its parent's) with the balances after. Nothing is
 * written; the charge itself is checked again under the lock when the manager confirms.
 */
export const enrolQuoteSchema = z.object({
  enrolments: z.array(
    z.object({
      user_id: z.number().int(),
      learner_name: z.string(),
      course_id: z.number().int(),
      course_name: z.string(),
      credits: z.number().int(),
      re_enrolment: z.boolean(),
    }),
  ),
  /** Learner × course pairs not enrolled (already enrolled), not charged. */
  skipped: z.array(z.object({ learner_name: z.string(), course_name: z.string(), reason: z.string() })),
  credits: z.number().int(),
  sources: creditSourcesSchema,
  /** Who pays how much: the company itself, then its parent for what its balance does not cover. */
  paid_from: z.array(z.object({ company_id: z.number().int(), company_name: z.string(), amount: z.number().int() })),
  /** The company's own balance after the charge. */
  balance_after: z.number().int(),
  /** The parent's balance after (a depot), else null. */
  parent_balance_after: z.number().int().nullable(),
  /** False when the credits do not reach: confirming would be refused. */
  is_enough: z.boolean(),
  /**
   * Every account that pays, before and after (issue 32 item 2: a depot's learner is charged to her
   * depot even when the parent's manager enrols her, so the payer is not always `sources`).
   */
  accounts: quotedAccounts,
});
export type EnrolQuote = z.infer<typeof enrolQuoteSchema>;

export const companyEnrolQuote = defineRoute({
  name: 'company.enrolQuote',
  method: 'POST',
  path: '/api/company/{companyId}/enroll/quote',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary:
    'Prices a companyEnrol request without writing anything: the enrolments it would make and skip, the credits, who pays and the balances after. A re-enrol (enrollment_id) that cannot act answers the same 422 as companyEnrol.',
  params: z.object({ companyId: idParam }),
  body: companyEnrolBodySchema,
  response: z.object({ data: enrolQuoteSchema }),
});

export const enrolQuoteRoutes = [wizardEnrolQuote, companyEnrolQuote] as const;
