import { AppError, type CataloguePort, type CourseSummary, type Em, type Principal } from '@portal/service-kit';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { findEnrollment } from '../enrollments/enrollment.repository';

export const COURSE_NOT_FOUND = 'This course was not found.';

/**
 * The caller's own enrolment and its course. Anyone else's enrolment answers exactly like one that
 * does not exist (404), so enrolment ids cannot be probed.
 */
export async function ownEnrollment(em: Em, catalogue: CataloguePort, principal: Principal, enrollmentId: number): Promise<{ enrollment: IEnrollment; course: CourseSummary }> {
  const enrollment = await findEnrollment(em, enrollmentId);
  if (!enrollment || enrollment.userId !== principal.userId) throw new AppError('not_found', COURSE_NOT_FOUND);
  const [course] = await catalogue.coursesByIds([enrollment.courseId]);
  if (!course) throw new AppError('not_found', COURSE_NOT_FOUND);
  return { enrollment, course };
}

/** Finishing the course leads to its activities when it has bridging, otherwise to the dashboard. */
export function finishUrl(enrollmentId: number, course: Pick<CourseSummary, 'hasBridging'>): string {
  return course.hasBridging ? activitiesUrl(enrollmentId) : '/';
}

export const activitiesUrl = (enrollmentId: number) => `/learn/${enrollmentId}/activities`;

export function enrollmentView(e: IEnrollment) {
  return {
    id: e.id,
    status: e.status,
    score: e.score ?? null,
    passed_at: e.passedAt?.toISOString() ?? null,
    expired_at: e.expiresAt?.toISOString() ?? null,
    certificate_code: e.status === 'passed' ? (e.certificateCode ?? null) : null,
  };
}

export const courseView = (course: CourseSummary) => ({ id: course.id, name: course.name, has_bridging: course.hasBridging });
