import type { CourseActivityInfo, CourseSummary, Em, Principal, ServiceDeps } from '@portal/service-kit';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { certificateUrl } from '../certificates/certificate';
import { ownEnrollment } from '../player/enrolment-access';
import type { ILearnerActivity } from './learner-activity.entity';
import { completionsOf } from './learner-activity.repository';

export interface LearnerActivities {
  enrollment: IEnrollment;
  course: CourseSummary;
  certificateUrl: string | null;
  /** The company's enabled activities of the course, each with the learner's row once there is one. */
  activities: { activity: CourseActivityInfo; completion: ILearnerActivity | undefined }[];
}

/** The learner's own enrolment with its course's activities (as the enrolment's company has them) and how far they got. */
export async function listLearnerActivities(deps: Pick<ServiceDeps, 'catalogue'>, em: Em, principal: Principal, enrollmentId: number, now: Date): Promise<LearnerActivities> {
  const { enrollment, course } = await ownEnrollment(em, deps.catalogue, principal, enrollmentId);
  const activities = await deps.catalogue.companyCourseActivities(enrollment.companyId, enrollment.courseId);
  const completions = await completionsOf(em, enrollment.id);
  return {
    enrollment,
    course,
    certificateUrl: certificateUrl(enrollment, now),
    activities: activities.map((activity) => ({ activity, completion: completions.get(activity.id) })),
  };
}
