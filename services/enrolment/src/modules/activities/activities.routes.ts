import { activityCode, completeActivity, learnActivities, type LearnerActivity } from '@portal/contracts';
import { clientAddress, createServiceRouter, type CourseActivityInfo, type ServiceDeps } from '@portal/service-kit';
import { activitiesUrl, courseView, enrolmentView } from '../player/enrolment-access';
import { ACTIVITY_MESSAGES } from './activity-messages';
import { completeLearnerActivity } from './complete-activity';
import type { ILearnerActivity } from './learner-activity.entity';
import { listLearnerActivities } from './list-activities';
import { showActivityCode } from './show-activity-code';

function activityView(activity: CourseActivityInfo, row: ILearnerActivity | undefined): LearnerActivity {
  return {
    id: activity.id,
    completed_at: row?.completedAt?.toISOString() ?? null,
    activity_template: { name: activity.name, description: activity.description, file: activity.fileUrl },
  };
}

export function activitiesRoutes(deps: ServiceDeps) {
  const now = () => deps.now();
  return createServiceRouter(deps)
    .handle(learnActivities, async ({ em, principal, params }) => {
      const list = await listLearnerActivities(deps, em, principal, params.enrollmentId, now());
      return {
        enrollment: enrolmentView(list.enrollment),
        course: courseView(list.course),
        certificate_url: list.certificateUrl,
        activities: list.activities.map(({ activity, completion }) => activityView(activity, completion)),
      };
    })
    .handle(completeActivity, async ({ c, em, principal, params, body }) => {
      const { activity, completion, wasComplete } = await completeLearnerActivity(
        deps,
        em,
        principal,
        { enrolmentId: params.enrollmentId, activityId: params.activityId, code: body.code, address: clientAddress(c, deps.env) },
        now(),
      );
      const message = wasComplete ? ACTIVITY_MESSAGES.alreadyCompleted : ACTIVITY_MESSAGES.completed;
      return { success: true as const, message, activity: activityView(activity, completion) };
    })
    .handle(activityCode, async ({ em, principal, params }) => {
      const {
        enrollment: enrolment,
        activity,
        courseName,
        learnerName,
      } = await showActivityCode(deps, em, principal, {
        enrolmentId: params.enrollmentId,
        activityId: params.activityId,
      });
      return {
        enrollment_id: enrolment.id,
        activity_id: activity.id,
        activity_name: activity.name,
        code: String(activity.code),
        course_name: courseName ?? 'Course no longer available',
        learner_name: learnerName ?? 'Unknown learner',
        activities_url: activitiesUrl(enrolment.id),
      };
    }).app;
}
