import { RENEWAL_THRESHOLD_DAYS, type CertificateState } from '@portal/contracts';
import type { ICertificateRecord } from '../certificates/certificate.entity';
import { certificateStatus } from '../certificates/certificate-faces';

const DAY_MS = 24 * 60 * 60 * 1000;

export type HeldCertificate = Pick<ICertificateRecord, 'revokedAt' | 'supersededBy' | 'expiresAt'>;

/**
 * A certificate's state for its learner, read from the certificate itself: revoked, superseded
 * (renewed) and expired as /verify tells them apart (certificateStatus), and a valid one
 * expiring within RENEWAL_THRESHOLD_DAYS (the spec's red-expiry threshold) is 'expiring soon'.
 */
export function learnerCertificateState(certificate: HeldCertificate, now: Date): CertificateState {
  const status = certificateStatus(certificate, now);
  if (status !== 'valid') return status;
  const isSoon = !!certificate.expiresAt && certificate.expiresAt.getTime() - now.getTime() <= RENEWAL_THRESHOLD_DAYS * DAY_MS;
  return isSoon ? 'expiring-soon' : 'valid';
}

/** The public check of a certificate, as printed in its QR code. */
export function verifyPath(code: string): string {
  return `/verify?code=${encodeURIComponent(code)}`;
}
