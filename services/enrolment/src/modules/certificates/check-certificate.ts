import type { Em, ServiceDeps } from '@portal/service-kit';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { findPassedEnrollmentByCertificate } from '../enrollments/enrollment.repository';
import { isPastExpiry } from './certificate';

export interface CertificateCheck {
  enrollment: IEnrollment;
  isExpired: boolean;
  courseName: string | null;
  learnerName: string | null;
}

/** The passed enrolment behind a certificate code (as typed, any case), or null for a code nobody holds. */
export async function checkCertificate(deps: Pick<ServiceDeps, 'catalogue' | 'identity'>, em: Em, code: string, now: Date): Promise<CertificateCheck | null> {
  const enrollment = await findPassedEnrollmentByCertificate(em, code.toUpperCase());
  if (!enrollment) return null;
  const [[course], [learner]] = await Promise.all([deps.catalogue.coursesByIds([enrollment.courseId]), deps.identity.usersByIds([enrollment.userId])]);
  return { enrollment, isExpired: isPastExpiry(enrollment.expiresAt, now), courseName: course?.name ?? null, learnerName: learner && !learner.anonymised ? learner.name : null };
}
