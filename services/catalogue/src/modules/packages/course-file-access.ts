import type { Em, EnrolmentPort, IdentityPort, Principal } from '@portal/service-kit';
import { findCourse } from '../courses/course.repository';

/**
 * Who may read a course's files (unpacked package, certificate image, activity attachments):
 * admins; a manager of a company that can see the course (shared, or specific to the company or
 * its parent); a learner with an open enrolment on it (not passed-and-expired). Everyone else,
 * and every caller for a course that does not exist, is refused. The one rule for every place
 * that serves those files (the portal's /storage/courses/… and the content origin): reach it
 * through `CataloguePort.canReadCourseFiles`.
 */
export async function canReadCourseFiles(
  ports: { identity: IdentityPort; enrolment: EnrolmentPort },
  em: Em,
  principal: Principal,
  courseId: number,
): Promise<boolean> {
  const course = await findCourse(em, courseId);
  if (!course) return false;
  if (principal.role === 'admin') return true;
  if (principal.role === 'manager') {
    if (course.companyId == null || course.companyId === principal.companyId) return true;
    return (await ports.identity.companyParentId(principal.companyId)) === course.companyId;
  }
  const [open] = await ports.enrolment.enrolledCourseIds([principal.userId], [courseId]);
  return open?.courseIds.includes(courseId) ?? false;
}
