import { LEARNERS_TAB_ROLES } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { DashboardRepository } from './dashboard.statements';

/** The Admin Dashboard's tab counts: the Learners tab's people (as its list), top-level companies, courses, jobs and failed jobs. */
export async function readAdminCounts(em: Em) {
  const repository = new DashboardRepository(em);
  const [learners, companies, courses, jobs, failedJobs] = await Promise.all([
    repository.countUsersWithRoles(LEARNERS_TAB_ROLES),
    repository.count('companies', undefined, 'parent_id'),
    repository.count('courses'),
    repository.count('jobs'),
    repository.count('failed_jobs'),
  ]);
  return { learners, companies, courses, jobs, failed_jobs: failedJobs };
}
