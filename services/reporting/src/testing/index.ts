/** Reporting's test helpers (the bench reads a page the way the route does). */
export { readReportingEnrolments } from '../modules/enrolments/reporting-enrolments';
/** What the gateway's reporting tests (over the other services' real rows) check against. */
export { PAGE_READING } from '../modules/enrolments/enrolments.repository';
export { dbTime } from '../modules/system-reports/db-time';
