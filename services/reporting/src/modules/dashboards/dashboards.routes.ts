import { adminDashboard, companyDashboard } from '@portal/contracts';
import { createServiceRouter, notFound, type ServiceDeps } from '@portal/service-kit';
import { DashboardRepository } from './dashboard.repository';

export function dashboardRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(companyDashboard, async ({ em, params }) => {
      const repository = new DashboardRepository(em);
      const company = await repository.companyWithDepots(params.companyId);
      if (!company.name) throw notFound('That company');
      const [statuses, learners, credits, courses] = await Promise.all([
        repository.statusCounts(company.ids),
        repository.distinctLearners(company.ids),
        repository.creditBalance(params.companyId),
        repository.courseProgress(company.ids),
      ]);
      const passed = statuses.passed ?? 0;
      return {
        organisation: { id: params.companyId, name: company.name },
        chart: { passed, incomplete: (statuses.in_progress ?? 0) + (statuses.failed ?? 0), not_started: statuses.not_started ?? 0 },
        stats: { learners_enrolled: learners, credits_remaining: credits, courses_passed: passed },
        courses: courses.map((c) => ({ ...c, progress: c.total === 0 ? 0 : Math.round((c.passed / c.total) * 100) })),
      };
    })
    .handle(adminDashboard, async ({ em }) => {
      const repository = new DashboardRepository(em);
      const [learners, companies, courses, jobs, failedJobs] = await Promise.all([
        repository.count('users', { role: 'learner' }),
        repository.count('companies', undefined, 'parent_id'),
        repository.count('courses'),
        repository.count('jobs'),
        repository.count('failed_jobs'),
      ]);
      return { counts: { learners, companies, courses, jobs, failed_jobs: failedJobs } };
    }).app;
}
