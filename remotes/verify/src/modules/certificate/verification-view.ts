import { CERTIFICATE_MESSAGES, formatDate, type RouteOutput, type verifyCertificate } from '@portal/contracts';

type Verification = RouteOutput<typeof verifyCertificate>;
export type VerifyState = Verification['state'];

/**
 * What the verify page shows for a code: a known certificate in its true state, or not found.
 * Only what the certificate itself prints: course, learner, company, its dates and code.
 */
export interface VerificationView {
  state: VerifyState;
  headline: string;
  /** A second line: since when it expired, or what revoked and superseded mean. */
  detail: string | null;
  facts: { label: string; value: string }[];
}

/** What the Learner line says once the learner's personal data was erased (admin Anonymise). */
export const ANONYMISED_LEARNER = 'Name removed (personal data erased)';

/** The server's answer as the page tells it (dates en-GB). */
export function verificationView(result: Verification): VerificationView {
  if (result.state === 'not-found') return { state: 'not-found', headline: CERTIFICATE_MESSAGES.notFound, detail: null, facts: [] };
  const expires = formatDate(result.expired_at);
  const facts = [
    { label: 'Course', value: result.courseName ?? '' },
    // An anonymised learner's certificate still verifies, without the name it no longer holds.
    { label: 'Learner', value: result.learnerName || ANONYMISED_LEARNER },
    ...(result.companyName ? [{ label: 'Company', value: result.companyName }] : []),
    { label: 'Passed', value: formatDate(result.passed_at) || '—' },
    { label: result.state === 'expired' ? 'Expired on' : 'Expires', value: expires || 'Does not expire' },
    ...(result.code ? [{ label: 'Certificate code', value: result.code }] : []),
  ];
  switch (result.state) {
    case 'valid':
      return { state: 'valid', headline: CERTIFICATE_MESSAGES.valid, detail: null, facts };
    case 'expired':
      return {
        state: 'expired',
        headline: CERTIFICATE_MESSAGES.expired,
        detail: expires ? `Expired since ${expires}. It was issued as shown below, but it no longer shows current training.` : null,
        facts,
      };
    case 'revoked':
      return {
        state: 'revoked',
        headline: CERTIFICATE_MESSAGES.revoked,
        detail: 'The training provider withdrew this pass. Do not accept this certificate.',
        facts,
      };
    case 'superseded':
      return {
        state: 'superseded',
        headline: CERTIFICATE_MESSAGES.superseded,
        detail: 'The learner renewed this training: ask for the newer certificate.',
        facts,
      };
  }
}

/** A refused check (the code failed validation, 404, 422) is the same as an unknown code. */
export const NOT_FOUND_VIEW: VerificationView = { state: 'not-found', headline: CERTIFICATE_MESSAGES.notFound, detail: null, facts: [] };
