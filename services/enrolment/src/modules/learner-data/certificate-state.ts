import { RENEWAL_THRESHOLD_DAYS, type CertificateState } from '@portal/contracts';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { isPastExpiry } from '../certificates/certificate';

const DAY_MS = 24 * 60 * 60 * 1000;

export type HeldCertificate = Pick<IEnrollment, 'id' | 'courseId' | 'passedAt' | 'expiresAt'>;

/** Newer first: by pass date, then by id (a later enrolment of the same day). */
function isNewer(a: HeldCertificate, b: HeldCertificate): boolean {
  const at = a.passedAt?.getTime() ?? 0;
  const bt = b.passedAt?.getTime() ?? 0;
  return at === bt ? a.id > b.id : at > bt;
}

/**
 * The state of each of a learner's certificates now: superseded when a newer certificate of the
 * same course exists (whatever its own dates), else expired past its expiry, expiring soon within
 * RENEWAL_THRESHOLD_DAYS (the spec's red-expiry threshold), else valid.
 */
export function certificateStates(held: readonly HeldCertificate[], now: Date): Map<number, CertificateState> {
  const newest = new Map<number, HeldCertificate>();
  for (const certificate of held) {
    const current = newest.get(certificate.courseId);
    if (!current || isNewer(certificate, current)) newest.set(certificate.courseId, certificate);
  }
  return new Map(
    held.map((certificate): [number, CertificateState] => {
      if (newest.get(certificate.courseId)?.id !== certificate.id) return [certificate.id, 'superseded'];
      if (isPastExpiry(certificate.expiresAt, now)) return [certificate.id, 'expired'];
      const isSoon = !!certificate.expiresAt && certificate.expiresAt.getTime() - now.getTime() <= RENEWAL_THRESHOLD_DAYS * DAY_MS;
      return [certificate.id, isSoon ? 'expiring-soon' : 'valid'];
    }),
  );
}

/** The public check of a certificate, as printed in its QR code. */
export function verifyPath(code: string): string {
  return `/verify?code=${encodeURIComponent(code)}`;
}
