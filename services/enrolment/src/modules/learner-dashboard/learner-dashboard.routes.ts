import { HELP_EMAIL, learnerDashboard } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { learnerDashboardOf } from './learner-dashboard';

export function learnerDashboardRoutes(deps: ServiceDeps) {
  // Plain rows only, so no entity manager of its own: the reads go straight to the database (kit preparedRead).
  return createServiceRouter(deps).handle(learnerDashboard, async ({ principal }) => {
    const now = deps.now();
    const { cards, isPurchasedAccount } = await learnerDashboardOf(deps, deps.orm, principal, now);
    return {
      learner_name: principal.name,
      help_email: HELP_EMAIL,
      is_purchased_account: isPurchasedAccount,
      enrollments: cards.map(({ enrollment: e, course, state, progress, renews }) => ({
        id: e.id,
        course: {
          id: e.courseId,
          name: course?.name ?? 'Course no longer available',
          description: course?.description ?? '',
          wp_link: course?.wpLink ?? null,
        },
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
        progress,
        renewal: renews
          ? {
              renewed_at: (e.createdAt ?? now).toISOString(),
              previous_passed_at: renews.passedAt?.toISOString() ?? null,
              previous_expires_at: renews.expiresAt?.toISOString() ?? null,
              previous_expired: renews.expiresAt !== null && renews.expiresAt.getTime() <= now.getTime(),
            }
          : null,
      })),
    };
  }).app;
}
