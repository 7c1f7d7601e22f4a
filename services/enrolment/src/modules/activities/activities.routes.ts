import { activityCode, completeActivity, learnActivities, routeTable, type LearnerActivity } from '@portal/contracts';
import { AppError, canActForCompany, createServiceRouter, type Em, type ServiceDeps } from '@portal/service-kit';
import { findCompanyCourseActivities, findCoursesByIds, type CourseActivityInfo } from '@portal/catalogue-service';
import { findUser } from '@portal/identity-service';
import { Enrollment, type IEnrollment } from '../enrollments/enrollment.entity';
import { activitiesUrl, courseView, enrollmentView, ownEnrollment } from '../player/enrolment-access';
import { LearnerActivity as LearnerActivityEntity, type ILearnerActivity } from './learner-activity.entity';

export const ACTIVITY_MESSAGES = {
  wrongCode: 'That code is not right. Check it with your manager and try again.',
  completed: 'Activity completed.',
  alreadyCompleted: 'This activity is already complete.',
  notFound: 'This activity was not found.',
} as const;

const CERTIFICATE_PATH = '/api/enrollments/{id}/certificate';

/** The certificate download, once a passed enrolment has one and the route that serves it exists. */
function certificateUrl(enrollment: IEnrollment, now: Date): string | null {
  const valid = enrollment.status === 'passed' && enrollment.certificateCode && (!enrollment.expiresAt || enrollment.expiresAt.getTime() > now.getTime());
  if (!valid || !routeTable.some((r) => r.method === 'GET' && r.path === CERTIFICATE_PATH)) return null;
  return CERTIFICATE_PATH.replace('{id}', String(enrollment.id));
}

function activityView(activity: CourseActivityInfo, row: ILearnerActivity | undefined): LearnerActivity {
  return {
    id: activity.id,
    completed_at: row?.completedAt?.toISOString() ?? null,
    activity_template: { name: activity.name, description: activity.description, file: activity.fileUrl },
  };
}

async function completionsOf(em: Em, enrollmentId: number) {
  const rows = await em.find(LearnerActivityEntity, { enrollmentId });
  return new Map(rows.map((r) => [r.activityId, r as ILearnerActivity]));
}

export function activitiesRoutes(deps: ServiceDeps) {
  const now = () => deps.now?.() ?? new Date();
  return createServiceRouter(deps)
    .handle(learnActivities, async ({ em, principal, params }) => {
      const { enrollment, course } = await ownEnrollment(em, principal, params.enrollmentId);
      const activities = await findCompanyCourseActivities(em, enrollment.companyId, enrollment.courseId);
      const completions = await completionsOf(em, enrollment.id);
      return {
        enrollment: enrollmentView(enrollment),
        course: courseView(course),
        certificate_url: certificateUrl(enrollment, now()),
        activities: activities.map((a) => activityView(a, completions.get(a.id))),
      };
    })
    .handle(completeActivity, async ({ em, principal, params, body }) => {
      const { enrollment } = await ownEnrollment(em, principal, params.enrollmentId);
      const activity = (await findCompanyCourseActivities(em, enrollment.companyId, enrollment.courseId)).find((a) => a.id === params.activityId);
      if (!activity) throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
      const existing = (await completionsOf(em, enrollment.id)).get(activity.id);
      if (existing?.completedAt) return { success: true as const, message: ACTIVITY_MESSAGES.alreadyCompleted, activity: activityView(activity, existing) };
      // The code is compared as typed, apart from the spaces around it (it is read off a sign).
      if (body.code.trim() !== String(activity.code)) throw new AppError('validation', ACTIVITY_MESSAGES.wrongCode, { errors: { code: [ACTIVITY_MESSAGES.wrongCode] } });
      const row = existing ?? em.create(LearnerActivityEntity, { enrollmentId: enrollment.id, activityId: activity.id, completedAt: null } as never);
      row.completedAt = now();
      await em.flush();
      return { success: true as const, message: ACTIVITY_MESSAGES.completed, activity: activityView(activity, row as ILearnerActivity) };
    })
    .handle(activityCode, async ({ em, principal, params, deps }) => {
      const enrollment = await em.findOne(Enrollment, { id: params.enrollmentId });
      // Another company's enrolment answers like a missing one.
      if (!enrollment || !(await canActForCompany(deps.identity, em, principal, enrollment.companyId))) throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
      const activity = (await findCompanyCourseActivities(em, enrollment.companyId, enrollment.courseId)).find((a) => a.id === params.activityId);
      if (!activity) throw new AppError('not_found', ACTIVITY_MESSAGES.notFound);
      const [course, learner] = await Promise.all([findCoursesByIds(em, [enrollment.courseId]), findUser(em, enrollment.userId)]);
      return {
        enrollment_id: enrollment.id,
        activity_id: activity.id,
        activity_name: activity.name,
        code: String(activity.code),
        course_name: course.get(enrollment.courseId)?.name ?? 'Course no longer available',
        learner_name: learner?.name ?? 'Unknown learner',
        activities_url: activitiesUrl(enrollment.id),
      };
    }).app;
}
