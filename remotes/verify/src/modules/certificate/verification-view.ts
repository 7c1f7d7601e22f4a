/**
 * What the verify page shows for a code: a known certificate in its true state, or not found.
 * Only what the certificate itself prints (spec issue 11 §5): never an email, id or reason.
 */
export type CertificateStanding = 'valid' | 'expired' | 'revoked' | 'superseded';

export interface CertificateFacts {
  standing: CertificateStanding;
  courseName: string;
  learnerName: string;
  companyName: string | null;
  passedAt: string | null;
  expiresAt: string | null;
  /** When it was withdrawn (revoked) or replaced by a renewal (superseded), where known. */
  endedAt: string | null;
}

export type VerificationView = { kind: 'not-found' } | ({ kind: 'certificate' } & CertificateFacts);

export const VERIFY_MESSAGES = {
  prompt: "Scan the QR code on your certificate to check if it's valid or not",
  valid: 'This is a valid certificate.',
  notFound: 'Certificate not found or is not valid',
  expired: 'This certificate has expired.',
  revoked: 'This certificate has been revoked.',
  superseded: 'This certificate has been superseded by a newer one.',
} as const;

/** The headline and the line under it for each standing (dates already en-GB). */
export function standingWording(standing: CertificateStanding, dates: { expiresAt: string; endedAt: string }): { headline: string; detail: string | null } {
  switch (standing) {
    case 'valid':
      return { headline: VERIFY_MESSAGES.valid, detail: null };
    case 'expired':
      return {
        headline: VERIFY_MESSAGES.expired,
        detail: dates.expiresAt ? `Expired since ${dates.expiresAt}. It was genuine, but it no longer shows current training.` : 'It was genuine, but it no longer shows current training.',
      };
    case 'revoked':
      return {
        headline: VERIFY_MESSAGES.revoked,
        detail: `${dates.endedAt ? `Revoked on ${dates.endedAt}. ` : ''}The training provider withdrew this certificate: it is no longer valid.`,
      };
    case 'superseded':
      return {
        headline: VERIFY_MESSAGES.superseded,
        detail: `${dates.endedAt ? `Replaced on ${dates.endedAt}. ` : ''}The learner renewed this training; the newer certificate is the one to check.`,
      };
  }
}
