import { z } from 'zod';
import { defineRoute, successSchema } from '../route';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';
import { emailField, IDENTITY_MESSAGES, newPasswordField } from './identity';

/**
 * The learner's own account page (/account for a learner): sign-in details, ways in, certificates
 * and their own data. Every route acts on the caller only (no user id in any path) and is for
 * learners alone; managers and admins have the company's account area (account.ts).
 */

export const LEARNER_ACCOUNT_MESSAGES = {
  detailsUpdated: 'Your sign-in details have been updated.',
  nothingChanged: 'Nothing changed: enter a new email address or a new password.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'That is not your current password.',
  setUpLinkSent: 'We have emailed you a link. Open it within 60 minutes to choose your password.',
  signInLinkSent: IDENTITY_MESSAGES.loginLinkSent,
  noEmail: 'Add an email address to your account first.',
  hasPassword: 'Your account already has a password: change it with your current password.',
  noPasswordYet: 'Your account has no password yet: set one up with an emailed link.',
  copied: 'Copied!',
  copyFailed: 'Could not copy',
  noCertificates: 'You do not hold any certificates yet. Pass a course to earn one.',
  noCertificatesFound: 'No certificates were found matching your request.',
  emailChangedSubject: 'Your email address was changed',
} as const;

/** How a sign-in was made: with a password, a login code or an emailed link. */
export const SIGN_IN_METHODS = ['password', 'login_code', 'login_link'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/** The most recent sign-ins shown on the page (the data export has every one kept). */
export const RECENT_SIGN_INS_SHOWN = 5;

/**
 * A certificate's state: valid; expiring soon (within RENEWAL_THRESHOLD_DAYS, the spec's red
 * expiry); expired; superseded (renewed by a newer certificate); revoked (its pass withdrawn or its
 * enrolment deleted). Read from the certificate itself, as /verify does.
 */
export const CERTIFICATE_STATES = ['valid', 'expiring-soon', 'expired', 'superseded', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const signInSchema = z.object({ at: z.string(), method: z.enum(SIGN_IN_METHODS) });

export const learnerAccountGet = defineRoute({
  name: 'learnerAccount.get',
  method: 'GET',
  path: '/api/learner-account',
  service: 'identity',
  access: ['learner'],
  summary: 'The signed-in learner’s own account: name, email, how they sign in, their latest sign-ins.',
  response: z.object({
    name: z.string(),
    email: z.string().nullable(),
    has_password: z.boolean(),
    has_login_code: z.boolean(),
    is_purchased_account: z.boolean(),
    /** Shown to shop (wp_user) accounts only. */
    purchase_history_url: z.string().nullable(),
    recent_sign_ins: z.array(signInSchema),
  }),
});

export const learnerLoginCode = defineRoute({
  name: 'learnerAccount.loginCode',
  method: 'GET',
  path: '/api/learner-account/login-code',
  service: 'identity',
  access: ['learner'],
  summary: 'The signed-in learner’s login code, asked for on request.',
  response: z.object({ login_code: z.string().nullable() }),
});

/** A blank new password is no change (spec §5); a new one is confirmed. */
const optionalNewPassword = z.preprocess((value) => (value === '' ? null : value), newPasswordField.nullable());

export const learnerSignInDetailsBodySchema = z
  .object({
    email: emailField,
    current_password: z
      .string({ error: LEARNER_ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, LEARNER_ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(200),
    password: optionalNewPassword.optional(),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((body) => !body.password || body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: IDENTITY_MESSAGES.passwordsDiffer,
  });

export const learnerSignInDetails = defineRoute({
  name: 'learnerAccount.signInDetails',
  method: 'POST',
  path: '/api/learner-account/sign-in-details',
  service: 'identity',
  access: ['learner'],
  summary: 'Changes the caller’s email and (unless blank) password; asks for the current password. The old address is told.',
  body: learnerSignInDetailsBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), email: z.string() }),
});

export const learnerSignInSetUpBodySchema = z.object({ email: emailField });

export const learnerSignInSetUp = defineRoute({
  name: 'learnerAccount.signInSetUp',
  method: 'POST',
  path: '/api/learner-account/sign-in-set-up',
  service: 'identity',
  access: ['learner'],
  summary: 'A learner without a password: emails a link to this address; opening it sets the email and a password.',
  body: learnerSignInSetUpBodySchema,
  response: successSchema,
});

export const learnerSignInLink = defineRoute({
  name: 'learnerAccount.signInLink',
  method: 'POST',
  path: '/api/learner-account/sign-in-link',
  service: 'identity',
  access: ['learner'],
  summary: 'Emails the caller a single-use sign-in link (the same link as the sign-in page’s).',
  response: successSchema,
});

export const LEARNER_DATA_FORMATS = ['json', 'xlsx'] as const;

export const learnerDataExport = defineRoute({
  name: 'learnerAccount.data',
  method: 'GET',
  path: '/api/learner-account/data',
  service: 'identity',
  access: ['learner'],
  summary: 'Everything the portal holds about the caller (profile, enrolments, results, certificates, sign-ins) as JSON or .xlsx.',
  query: z.object({ format: z.enum(LEARNER_DATA_FORMATS, { error: 'Choose json or xlsx.' }) }),
  response: z.unknown(),
  responseType: 'file',
});

export const CERTIFICATE_SORTABLE = ['passed_at', 'expires_at'] as const;
export const LEARNER_CERTIFICATES_PAGE_SIZE = 10;

export const learnerCertificatesQuery = listQuery({
  sortable: CERTIFICATE_SORTABLE,
  defaultSort: 'passed_at',
  defaultDir: 'desc',
  perPage: { default: LEARNER_CERTIFICATES_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
});

export const learnerCertificateSchema = z.object({
  enrollment_id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  code: z.string(),
  passed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  state: z.enum(CERTIFICATE_STATES),
  verify_url: z.string(),
  /** The PDF download, while the certificate is neither expired nor revoked and the download route exists. */
  download_url: z.string().nullable(),
});
export type LearnerCertificate = z.infer<typeof learnerCertificateSchema>;

export const learnerCertificates = defineRoute({
  name: 'learnerAccount.certificates',
  method: 'GET',
  path: '/api/learner-account/certificates',
  service: 'enrolment',
  access: ['learner'],
  summary: 'Every certificate the caller holds or has held, newest first; search by course or code.',
  query: learnerCertificatesQuery,
  response: pageSchema(learnerCertificateSchema),
});

export const learnerAccountRoutes = [
  learnerAccountGet,
  learnerLoginCode,
  learnerSignInDetails,
  learnerSignInSetUp,
  learnerSignInLink,
  learnerDataExport,
  learnerCertificates,
] as const;
