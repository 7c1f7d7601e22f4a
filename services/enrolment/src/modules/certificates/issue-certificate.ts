import type { Em, ServiceDeps } from '@portal/service-kit';
import { Enrollment, type IEnrollment } from '../enrollments/enrollment.entity';
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
export async function issueCertificate(em: Em, deps: Deps, enrollment: IEnrollment, now: Date): Promise<ICertificateRecord> {
  if (enrollment.status !== 'passed') throw new Error(`Enrolment ${enrollment.id} is not passed`);
  const existing = await currentCertificateOf(em, enrollment.id);
  if (existing) {
    enrollment.certificateCode = existing.code;
    return existing;
  }
  const issuedAt = enrollment.passedAt ?? now;
  const certificate = em.create(CertificateRecord, {
    code: enrollment.certificateCode && !(await em.count(CertificateRecord, { code: enrollment.certificateCode })) ? enrollment.certificateCode : newCertificateCode(),
    enrollmentId: enrollment.id,
    userId: enrollment.userId,
    courseId: enrollment.courseId,
    companyId: enrollment.companyId,
    issuedAt,
    expiresAt: enrollment.expiresAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
  enrollment.certificateCode = certificate.code;
  await em.flush();

  const others = (await liveCertificatesOfPair(em, enrollment.userId, enrollment.courseId)).filter((c) => c.id !== certificate.id);
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
export async function issueCertificatesFor(em: Em, deps: Deps, enrollmentIds: number[], now: Date): Promise<void> {
  if (!enrollmentIds.length) return;
  const passed = await em.find(Enrollment, { id: { $in: enrollmentIds }, status: 'passed' });
  for (const enrollment of passed) await issueCertificate(em, deps, enrollment, now);
}
