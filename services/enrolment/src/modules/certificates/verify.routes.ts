import { verifyCertificate } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { findCoursesByIds } from '@portal/catalogue-service';
import { findUserNames } from '@portal/identity-service';
import { Enrollment } from '../enrollments/enrollment.entity';

const NOT_FOUND = {
  valid: false,
  courseName: null,
  learnerName: null,
  passed: false,
  passed_at: null,
  expired: false,
  expired_at: null,
  error: 'Certificate not found or is not valid',
};

/** Public: anyone holding the QR code may check the certificate. An expired one is not valid. */
export function verifyRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(verifyCertificate, async ({ em, query }) => {
    const enrollment = await em.findOne(Enrollment, { certificateCode: query.code.toUpperCase(), status: 'passed' });
    if (!enrollment) return NOT_FOUND;
    const now = deps.now?.() ?? new Date();
    const expired = !!enrollment.expiresAt && enrollment.expiresAt.getTime() <= now.getTime();
    const [courses, names] = await Promise.all([findCoursesByIds(em, [enrollment.courseId]), findUserNames(em, [enrollment.userId])]);
    return {
      valid: !expired,
      courseName: courses.get(enrollment.courseId)?.name ?? null,
      learnerName: names.get(enrollment.userId) ?? null,
      passed: true,
      passed_at: enrollment.passedAt?.toISOString() ?? null,
      expired,
      expired_at: enrollment.expiresAt?.toISOString() ?? null,
      error: expired ? 'This certificate has expired.' : null,
    };
  }).app;
}
