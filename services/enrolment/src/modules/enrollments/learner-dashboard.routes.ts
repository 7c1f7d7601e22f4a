import { HELP_EMAIL, learnerDashboard } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { findCoursesByIds } from '@portal/catalogue-service';
import { findUser } from '@portal/identity-service';
import { Enrollment } from './enrollment.entity';
import { learnerCardState } from './learner-card-state';

export function learnerDashboardRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(learnerDashboard, async ({ em, principal }) => {
    const now = deps.now?.() ?? new Date();
    const enrollments = await em.find(Enrollment, { userId: principal.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    const courses = await findCoursesByIds(em, enrollments.map((e) => e.courseId));
    const user = await findUser(em, principal.userId);
    return {
      learner_name: principal.name,
      help_email: HELP_EMAIL,
      is_purchased_account: user?.wpUser ?? false,
      enrollments: enrollments.map((e) => {
        const course = courses.get(e.courseId);
        const state = learnerCardState(e, now);
        return {
          id: e.id,
          course: { id: e.courseId, name: course?.name ?? 'Course no longer available', description: course?.description ?? '', wp_link: course?.wpLink ?? null },
          state,
          passed: e.status === 'passed',
          passed_at: e.passedAt?.toISOString() ?? null,
          expired: state === 'expired',
          expired_at: e.expiresAt?.toISOString() ?? null,
          in_progress: state === 'in-progress',
          not_started: state === 'not-started',
          failed: state === 'failed',
          certificate_code: e.status === 'passed' ? (e.certificateCode ?? null) : null,
          reviews_link: null,
        };
      }),
    };
  }).app;
}
