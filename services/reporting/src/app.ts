import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes';
import { reportingEnrolmentRoutes } from './modules/enrolments/enrolments.routes';

/** The reporting service: the read model behind dashboards, reports and exports. */
export function createReportingApp(deps: ServiceDeps) {
  return new Hono<AppEnv>().route('/', dashboardRoutes(deps)).route('/', reportingEnrolmentRoutes(deps));
}
