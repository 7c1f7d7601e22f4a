/** Reporting's test helpers (the bench reads a page the way the route does). */
export { readReportingEnrolments } from '../modules/enrolments/reporting-enrolments';
