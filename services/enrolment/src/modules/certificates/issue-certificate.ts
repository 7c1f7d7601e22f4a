import type { Em, ServiceDeps } from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { CertificateRecord, type ICertificateRecord } from './certificate.entity';
import { currentCertificateOf, liveCertificatesOfPair } from './certificate.repository';
import { newCertificateCode } from './certificate-code';
import { CERTIFICATE_ISSUED_JOB } from './certificate-jobs';

type Deps = Pick<ServiceDeps, 'jobs'>;

/**
 * Issues the certificate of a passed enrolment, once: a repeated pass (or a second call) answers
 * the certificate it already has and changes nothing. The certificate carries the enrolment's
 * pass date and expiry; `enrollments.certificate_code` is kept equal to its code (read by the
 * dashboard and the player). Older live certificates of the same learner and course are marked
 * superseded by it (a renewal); should an older pass date be issued after a newer one, the new
 * certificate is the superseded one. The 'certificate issued' job (managers' mail where the
 * company's send_certificate is on) is written with the caller's work, so it exists only if that
 * commits. Call it on the caller's entity manager or transaction; it flushes.
 */
export async function issueCertificate(em: Em, deps: Deps, enrolment: IEnrolment, now: Date): Promise<ICertificateRecord> {
  if (enrolment.status !== 'passed') throw new Error(`Enrolment ${enrolment.id} is not passed`);
  const existing = await currentCertificateOf(em, enrolment.id);
  if (existing) {
    enrolment.certificateCode = existing.code;
    return existing;
  }
  const issuedAt = enrolment.passedAt ?? now;
  const certificate = em.create(CertificateRecord, {
    code:
      enrolment.certificateCode && !(await em.count(CertificateRecord, { code: enrolment.certificateCode }))
        ? enrolment.certificateCode
        : newCertificateCode(),
    enrolmentId: enrolment.id,
    userId: enrolment.userId,
    courseId: enrolment.courseId,
    companyId: enrolment.companyId,
    issuedAt,
    expiresAt: enrolment.expiresAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
  enrolment.certificateCode = certificate.code;
  await em.flush();

  const others = (await liveCertificatesOfPair(em, enrolment.userId, enrolment.courseId)).filter((c) => c.id !== certificate.id);
  const newer = others.filter((c) => c.issuedAt.getTime() > issuedAt.getTime());
  const newest = newer.at(-1);
  if (newest) {
    certificate.supersededBy = newest.id;
    certificate.supersededAt = now;
  }
  for (const older of others) {
    if (older.issuedAt.getTime() <= issuedAt.getTime() && older.supersededBy === null) {
      older.supersededBy = certificate.id;
      older.supersededAt = now;
    }
  }
  await deps.jobs.enqueue(CERTIFICATE_ISSUED_JOB, { certificateId: certificate.id }, { em });
  await em.flush();
  return certificate;
}

/** issueCertificate for enrolments written in bulk (force-enrol with a pass date): the passed ones among these ids. */
export async function issueCertificatesFor(em: Em, deps: Deps, enrolmentIds: number[], now: Date): Promise<void> {
  if (!enrolmentIds.length) return;
  const passed = await em.find(Enrolment, { id: { $in: enrolmentIds }, status: 'passed' });
  for (const enrolment of passed) await issueCertificate(em, deps, enrolment, now);
}
