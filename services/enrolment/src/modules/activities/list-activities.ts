import type { CourseActivityInfo, CourseSummary, Em, Principal, ServiceDeps } from '@portal/service-kit';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { certificateUrl } from '../certificates/certificate';
import { ownEnrolment } from '../player/enrolment-access';
import type { ILearnerActivity } from './learner-activity.entity';
import { completionsOf } from './learner-activity.repository';

export interface LearnerActivities {
  enrollment: IEnrolment;
  course: CourseSummary;
  certificateUrl: string | null;
  /** The company's enabled activities of the course, each with the learner's row once there is one. */
  activities: { activity: CourseActivityInfo; completion: ILearnerActivity | undefined }[];
}

/** The learner's own enrolment with its course's activities (as the enrolment's company has them) and how far they got. */
export async function listLearnerActivities(
  deps: Pick<ServiceDeps, 'catalogue'>,
  em: Em,
  principal: Principal,
  enrolmentId: number,
  now: Date,
): Promise<LearnerActivities> {
  const { enrollment: enrolment, course } = await ownEnrolment(em, deps.catalogue, principal, enrolmentId);
  const activities = await deps.catalogue.companyCourseActivities(enrolment.companyId, enrolment.courseId);
  const completions = await completionsOf(em, enrolment.id);
  return {
    enrollment: enrolment,
    course,
    certificateUrl: certificateUrl(enrolment, now),
    activities: activities.map((activity) => ({ activity, completion: completions.get(activity.id) })),
  };
}
