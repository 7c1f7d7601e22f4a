import { z } from 'zod';
import { defineRoute, idParam } from '../route';

export { signInAddress } from '../texts';

/**
 * Sign-in details handed out (issue 32 item 5): for a selection of a company's learners, printable
 * sign-in slips (a PDF) and their login codes as an .xlsx. Owned by the enrolment service, which has
 * the PDF and spreadsheet tooling; the learners and their codes are read through identity's port.
 */

/** The most learners one request takes (a PDF of 125 A4 pages). */
export const SIGN_IN_SLIPS_MAX = 1000;
/** Slips per A4 page (2 columns × 4 rows). */
export const SIGN_IN_SLIPS_PER_PAGE = 8;
/** Response header of both downloads: how many of the asked-for learners have no login code and were left out. */
export const SIGN_IN_SLIPS_SKIPPED_HEADER = 'X-Learners-Without-Code';

export const SIGN_IN_SLIP_MESSAGES = {
  noneChosen: 'Choose at least one learner.',
  tooMany: `Choose at most ${SIGN_IN_SLIPS_MAX} learners at a time.`,
  notFound: 'One or more of these learners were not found in this company.',
  noCodes: 'None of these learners has a login code.',
  downloadSlips: 'Download sign-in slips',
  downloadCodes: 'Download login codes (.xlsx)',
  downloading: 'Preparing your download…',
  failed: 'The download failed. Please try again.',
} as const;

export const signInSlipsBodySchema = z.object({
  user_ids: z
    .array(idParam, { error: SIGN_IN_SLIP_MESSAGES.noneChosen })
    .min(1, SIGN_IN_SLIP_MESSAGES.noneChosen)
    .max(SIGN_IN_SLIPS_MAX, SIGN_IN_SLIP_MESSAGES.tooMany),
});

const selectionRoute = {
  method: 'POST',
  service: 'enrolment',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  params: z.object({ companyId: idParam }),
  body: signInSlipsBodySchema,
  response: z.unknown(),
  responseType: 'file',
} as const;

/**
 * One slip per learner, 8 to an A4 page with cut lines: name, company (the depot's for a depot
 * learner), the portal's address, the login code and a QR code of signInAddress. Every id must be a
 * learner of the company or one of its depots (else 422 under `user_ids`, the same for an unknown
 * id). Learners without a login code are left out and counted in SIGN_IN_SLIPS_SKIPPED_HEADER; when
 * none has one, 422 `noCodes`.
 */
export const signInSlipsPdf = defineRoute({
  ...selectionRoute,
  name: 'company.signInSlips',
  path: '/api/company/{companyId}/sign-in-slips',
  summary: 'Printable sign-in slips (PDF, 8 per A4 page) with each chosen learner’s login code and a QR code that opens the sign-in page.',
});

/**
 * The same selection's login codes as `{dd-mm-yyyy}_login_codes.xlsx` (Learner, Login code,
 * Company), one learner a row, by company and name; the same checks and header as the slips.
 */
export const signInLoginCodes = defineRoute({
  ...selectionRoute,
  name: 'company.loginCodes',
  path: '/api/company/{companyId}/login-codes',
  summary: 'The chosen learners’ login codes as {dd-mm-yyyy}_login_codes.xlsx.',
});

export const SIGN_IN_LOGIN_CODE_COLUMNS = ['Learner', 'Login code', 'Company'] as const;

export const signInSlipRoutes = [signInSlipsPdf, signInLoginCodes] as const;
