import { AppError, type CataloguePort, type CourseSummary, type Em, type Principal } from '@portal/service-kit';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { findEnrolment } from '../enrolments/enrolment.repository';

export const COURSE_NOT_FOUND = 'This course was not found.';

/**
 * The caller's own enrolment and its course. Anyone else's enrolment answers exactly like one that
 * does not exist (404), so enrolment ids cannot be probed.
 */
export async function ownEnrolment(
  em: Em,
  catalogue: CataloguePort,
  principal: Principal,
  enrolmentId: number,
): Promise<{ enrollment: IEnrolment; course: CourseSummary }> {
  const enrolment = await findEnrolment(em, enrolmentId);
  if (!enrolment || enrolment.userId !== principal.userId) throw new AppError('not_found', COURSE_NOT_FOUND);
  const [course] = await catalogue.coursesByIds([enrolment.courseId]);
  if (!course) throw new AppError('not_found', COURSE_NOT_FOUND);
  return { enrollment: enrolment, course };
}

/** Finishing the course leads to its activities when it has bridging, otherwise to the dashboard. */
export function finishUrl(enrolmentId: number, course: Pick<CourseSummary, 'hasBridging'>): string {
  return course.hasBridging ? activitiesUrl(enrolmentId) : '/';
}

export const activitiesUrl = (enrolmentId: number) => `/learn/${enrolmentId}/activities`;

export function enrolmentView(e: IEnrolment) {
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
