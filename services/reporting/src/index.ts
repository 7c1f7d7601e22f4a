export { createReportingApp } from './app';
export { reportingService } from './service';
