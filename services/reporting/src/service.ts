import type { ServiceDescriptor } from '@portal/service-kit';
import { createReportingApp } from './app';

/** Reporting reads the other services' tables (it has none of its own) and shows the platform's schedule. */
export const reportingService: ServiceDescriptor = {
  name: 'reporting',
  app: (deps, context) => createReportingApp(deps, { scheduledTasks: context.scheduledTasks }),
};
