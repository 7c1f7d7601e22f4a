import { AppError, canActForCompany, type CourseActivityInfo, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { findEnrollment } from '../enrollments/enrollment.repository';
import { ACTIVITY_MESSAGES } from './activity-messages';
import { enabledActivityOf } from './enabled-activity';

export interface ActivityCode {
  enrollment: IEnrollment;
  activity: CourseActivityInfo;
  courseName: string | null;
  learnerName: string | null;
}

/** A manager (of the enrolment's company or its parent) or an admin reads an activity's code to give the learner. */
export async function showActivityCode(
  deps: Pick<ServiceDeps, 'catalogue' | 'identity'>,
  em: Em,
  principal: Principal,
  input: { enrollmentId: number; activityId: number },
): Promise<ActivityCode> {
  const enrollment = await findEnrollment(em, input.enrollmentId);
  // Another company's enrolment answers like a missing one.
  if (!enrollment || !(await canActForCompany(deps.identity, principal, enrollment.companyId))) throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
  const activity = await enabledActivityOf(deps.catalogue, enrollment, input.activityId);
  const [[course], [learner]] = await Promise.all([deps.catalogue.coursesByIds([enrollment.courseId]), deps.identity.usersByIds([enrollment.userId])]);
  return { enrollment, activity, courseName: course?.name ?? null, learnerName: learner?.name ?? null };
}
