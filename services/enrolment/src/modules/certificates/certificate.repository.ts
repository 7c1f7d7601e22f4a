import type { Em } from '@portal/service-kit';
import { CertificateRecord, type ICertificateRecord } from './certificate.entity';

/** Every query about certificates. */

export function findCertificateByCode(em: Em, code: string): Promise<ICertificateRecord | null> {
  return em.findOne(CertificateRecord, { code });
}

/** The enrolment's certificate that is not revoked (there is at most one), or null. */
export function currentCertificateOf(em: Em, enrolmentId: number): Promise<ICertificateRecord | null> {
  return em.findOne(CertificateRecord, { enrollmentId: enrolmentId, revokedAt: null }, { orderBy: { id: 'desc' } });
}

/** The current certificates of these enrolments, by enrolment id. */
export async function currentCertificatesOf(em: Em, enrolmentIds: number[]): Promise<Map<number, ICertificateRecord>> {
  if (!enrolmentIds.length) return new Map();
  const rows = await em.find(CertificateRecord, { enrollmentId: { $in: enrolmentIds }, revokedAt: null }, { orderBy: { id: 'asc' } });
  return new Map(rows.map((r) => [r.enrollmentId, r]));
}

/** The other live (not revoked) certificates of a learner on a course. */
export function liveCertificatesOfPair(em: Em, userId: number, courseId: number): Promise<ICertificateRecord[]> {
  return em.find(CertificateRecord, { userId, courseId, revokedAt: null }, { orderBy: { issuedAt: 'asc', id: 'asc' } });
}

/** A deleted enrolment's certificates stay, revoked, so their codes still verify (as revoked). */
export async function revokeCertificatesOf(
  em: Em,
  enrolmentIds: number[],
  revoke: { reason: string; at: Date; byId?: number | null; by?: string | null },
): Promise<void> {
  if (!enrolmentIds.length) return;
  await em.nativeUpdate(
    CertificateRecord,
    { enrollmentId: { $in: enrolmentIds }, revokedAt: null },
    { revokedAt: revoke.at, revokedReason: revoke.reason, revokedById: revoke.byId ?? null, revokedBy: revoke.by ?? null },
  );
}
