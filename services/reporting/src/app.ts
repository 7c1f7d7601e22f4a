import { Hono } from 'hono';
import type { AppEnv, ScheduledTask, ServiceDeps } from '@portal/service-kit';
import { answerRoutes } from './modules/answers/answers.routes';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes';
import { reportingEnrolmentRoutes } from './modules/enrolments/enrolments.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { systemReportRoutes } from './modules/system-reports/system-reports.routes';

export interface ReportingOptions {
  /** The platform's schedule, shown on the Cron Jobs tab (the gateway's `scheduledTasks`). */
  scheduledTasks?: () => ScheduledTask[];
}

/** The reporting service: the read model behind dashboards, reports and exports, and the Cron Jobs tab. */
export function createReportingApp(deps: ServiceDeps, options: ReportingOptions = {}) {
  return new Hono<AppEnv>()
    .route('/', dashboardRoutes(deps))
    .route('/', reportingEnrolmentRoutes(deps))
    .route('/', answerRoutes(deps))
    .route('/', jobRoutes(deps, options.scheduledTasks ?? (() => [])))
    .route('/', systemReportRoutes(deps));
}
