import type { Em } from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { CertificateRecord, type ICertificateRecord } from './certificate.entity';

/** Every query about certificates. */

export function findCertificateByCode(em: Em, code: string): Promise<ICertificateRecord | null> {
  return em.findOne(CertificateRecord, { code });
}

/** The enrolment's certificate that is not revoked (there is at most one), or null. */
export function currentCertificateOf(em: Em, enrolmentId: number): Promise<ICertificateRecord | null> {
  return em.findOne(CertificateRecord, { enrolmentId, revokedAt: null }, { orderBy: { id: 'desc' } });
}

/** The current certificates of these enrolments, by enrolment id. */
export async function currentCertificatesOf(em: Em, enrolmentIds: number[]): Promise<Map<number, ICertificateRecord>> {
  if (!enrolmentIds.length) return new Map();
  const rows = await em.find(CertificateRecord, { enrolmentId: { $in: enrolmentIds }, revokedAt: null }, { orderBy: { id: 'asc' } });
  return new Map(rows.map((r) => [r.enrolmentId, r]));
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
    { enrolmentId: { $in: enrolmentIds }, revokedAt: null },
    { revokedAt: revoke.at, revokedReason: revoke.reason, revokedById: revoke.byId ?? null, revokedBy: revoke.by ?? null },
  );
}

export function findCertificate(em: Em, id: number): Promise<ICertificateRecord | null> {
  return em.findOne(CertificateRecord, { id });
}

export function findCertificateOrFail(em: Em, id: number): Promise<ICertificateRecord> {
  return em.findOneOrFail(CertificateRecord, { id });
}

/** The certificates with these ids, in the order given; an id with no certificate (deleted since) is left out. */
export async function certificatesInOrder(em: Em, ids: number[]): Promise<ICertificateRecord[]> {
  const rows = await em.find(CertificateRecord, { id: { $in: ids } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every certificate ever issued to a learner (revoked and superseded ones too). */
export function certificatesOfUser(em: Em, userId: number): Promise<ICertificateRecord[]> {
  return em.find(CertificateRecord, { userId });
}

/** A learner's passed enrolments on a course, newest first. */
export function passedEnrolmentsOf(em: Em, userId: number, courseId: number): Promise<IEnrolment[]> {
  return em.find(Enrolment, { userId, courseId, status: 'passed' }, { orderBy: { passedAt: 'desc', id: 'desc' } });
}

/** Whose enrolments these are (the ids that exist). */
export function enrolmentOwners(em: Em, ids: number[]): Promise<Pick<IEnrolment, 'id' | 'companyId' | 'userId'>[]> {
  return em.find(Enrolment, { id: { $in: ids } }, { fields: ['id', 'companyId', 'userId'] });
}

/** A pass withdrawn: the enrolment's certificates revoked and the enrolment failed, in one transaction. */
export async function withdrawPassOf(
  em: Em,
  enrolmentId: number,
  revoke: { reason: string; at: Date; byId?: number | null; by?: string | null },
): Promise<void> {
  await em.transactional(async (tx) => {
    await revokeCertificatesOf(tx, [enrolmentId], revoke);
    const row = await tx.findOneOrFail(Enrolment, { id: enrolmentId });
    row.status = 'failed';
    row.passedAt = null;
    row.expiresAt = null;
    row.certificateCode = null;
  });
}
