import { AppError, type CataloguePort, type CourseActivityInfo } from '@portal/service-kit';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { ACTIVITY_MESSAGES } from './activity-messages';

/**
 * One of the enrolment's course activities as its company has them: a disabled one, or one of
 * another course, answers like one that does not exist.
 */
export async function enabledActivityOf(catalogue: CataloguePort, enrolment: IEnrolment, activityId: number): Promise<CourseActivityInfo> {
  const activity = (await catalogue.companyCourseActivities(enrolment.companyId, enrolment.courseId)).find((a) => a.id === activityId);
  if (!activity) throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
  return activity;
}
