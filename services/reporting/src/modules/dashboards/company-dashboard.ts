import { notFound, type Em } from '@portal/service-kit';
import { DashboardRepository } from './dashboard.statements';

/** Enrolment counts by status, as the repository reads them. */
export type StatusCounts = Partial<Record<'not_started' | 'in_progress' | 'passed' | 'failed', number>> &
  Record<string, number | undefined>;

/** The pie chart: failed enrolments count as incomplete, like those in progress. */
export function chartOf(statuses: StatusCounts) {
  return {
    passed: statuses.passed ?? 0,
    incomplete: (statuses.in_progress ?? 0) + (statuses.failed ?? 0),
    not_started: statuses.not_started ?? 0,
  };
}

/** A course's progress: the share of its enrolments passed, in whole percent (0 without enrolments). */
export function progressOf(course: { total: number; passed: number }): number {
  return course.total === 0 ? 0 : Math.round((course.passed / course.total) * 100);
}

/** The company Dashboard: the company and its depots together, the balance the company's own. */
export async function readCompanyDashboard(em: Em, companyId: number) {
  const repository = new DashboardRepository(em);
  const company = await repository.companyWithDepots(companyId);
  if (!company.name) throw notFound('That company');
  const [statuses, learners, credits, courses] = await Promise.all([
    repository.statusCounts(company.ids),
    repository.distinctLearners(company.ids),
    repository.creditBalance(companyId),
    repository.courseProgress(company.ids),
  ]);
  const chart = chartOf(statuses);
  return {
    organisation: { id: companyId, name: company.name },
    chart,
    stats: { learners_enrolled: learners, credits_remaining: credits, courses_passed: chart.passed },
    courses: courses.map((c) => ({ ...c, progress: progressOf(c) })),
  };
}
