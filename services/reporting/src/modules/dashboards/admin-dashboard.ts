import type { Em } from '@portal/service-kit';
import { DashboardRepository } from './dashboard.repository';

/** The Admin Dashboard's tab counts: learners, top-level companies, courses, jobs and failed jobs. */
export async function readAdminCounts(em: Em) {
  const repository = new DashboardRepository(em);
  const [learners, companies, courses, jobs, failedJobs] = await Promise.all([
    repository.count('users', { role: 'learner' }),
    repository.count('companies', undefined, 'parent_id'),
    repository.count('courses'),
    repository.count('jobs'),
    repository.count('failed_jobs'),
  ]);
  return { learners, companies, courses, jobs, failed_jobs: failedJobs };
}
