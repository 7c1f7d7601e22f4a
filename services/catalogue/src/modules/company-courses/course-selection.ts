import { AppError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { CompanyCourse } from './company-course.entity';
import { findCompanyCourse, selectedCourseIds } from './company-course.repository';
import { findVisibleCourse } from '../courses/course-visibility';

const HAS_ENROLMENTS = 'This course has enrolments, so it cannot be removed from your selection.';

/**
 * Flips a course in the calling company's selection and returns the selected course ids. A
 * course the company has enrolments on stays selected.
 */
export async function toggleCourseSelection(deps: ServiceDeps, em: Em, principal: Principal, courseId: number): Promise<number[]> {
  await findVisibleCourse(deps, em, principal, courseId);
  const companyId = principal.companyId;
  const row = await findCompanyCourse(em, companyId, courseId);
  if (row?.selected) {
    if ((await deps.enrolment.coursesWithEnrolments(companyId, [courseId])).length > 0) {
      throw new AppError('validation', HAS_ENROLMENTS, { errors: { course: [HAS_ENROLMENTS] } });
    }
    row.selected = false;
  } else if (row) row.selected = true;
  else em.create(CompanyCourse, { companyId, courseId, selected: true });
  await em.flush();
  return selectedCourseIds(em, companyId);
}
