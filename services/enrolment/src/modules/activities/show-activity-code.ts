import { AppError, canActForCompany, type CourseActivityInfo, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { findEnrolment } from '../enrolments/enrolment.repository';
import { ACTIVITY_MESSAGES } from './activity-messages';
import { enabledActivityOf } from './enabled-activity';

export interface ActivityCode {
  enrollment: IEnrolment;
  activity: CourseActivityInfo;
  courseName: string | null;
  learnerName: string | null;
}

/** A manager (of the enrolment's company or its parent) or an admin reads an activity's code to give the learner. */
export async function showActivityCode(
  deps: Pick<ServiceDeps, 'catalogue' | 'identity'>,
  em: Em,
  principal: Principal,
  input: { enrolmentId: number; activityId: number },
): Promise<ActivityCode> {
  const enrolment = await findEnrolment(em, input.enrolmentId);
  // Another company's enrolment answers like a missing one.
  if (!enrolment || !(await canActForCompany(deps.identity, principal, enrolment.companyId)))
    throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
  const activity = await enabledActivityOf(deps.catalogue, enrolment, input.activityId);
  const [[course], [learner]] = await Promise.all([
    deps.catalogue.coursesByIds([enrolment.courseId]),
    deps.identity.usersByIds([enrolment.userId]),
  ]);
  return { enrollment: enrolment, activity, courseName: course?.name ?? null, learnerName: learner?.name ?? null };
}
