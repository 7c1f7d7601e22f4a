import { notFound, type Em, type ServiceDeps } from '@portal/service-kit';
import { deleteCourseRow, findCourse } from './course.repository';
import { deleteActivitiesOfCourse } from '../activities/course-activity.repository';
import { deleteCompanySettingsOfCourse } from '../company-courses/company-course.repository';

/**
 * Deletes a course, its activities, every company's settings for it and its files; its
 * enrolments go through enrolment's port, which returns their credits to the companies.
 */
export async function removeCourse(deps: ServiceDeps, em: Em, courseId: number): Promise<{ removed: number; refunded: number }> {
  if (!(await findCourse(em, courseId))) throw notFound('That course');
  // Enrolment owns its tables: it removes the course's enrolments and refunds their credits,
  // committing on its own, before the course goes (ports are called outside transactions).
  const result = await deps.enrolment.removeEnrolmentsOfCourse(courseId);
  await em.transactional(async (tx) => {
    await deleteCompanySettingsOfCourse(tx, courseId);
    await deleteActivitiesOfCourse(tx, courseId);
    await deleteCourseRow(tx, courseId);
  });
  await deps.storage.remove(`courses/${courseId}`);
  return result;
}
