import type { AnyRoute } from '../route';
import { identityRoutes } from './identity';
import { enrolmentRoutes } from './enrolment';
import { reportingRoutes } from './reporting';
import { catalogueRoutes } from './catalogue';
import { learningRoutes } from './learning';
import { accountRoutes } from './account';
import { userRoutes } from './users';
import { companyRoutes } from './companies';
import { creditRoutes } from './credits';
import { enrollingRoutes } from './enrolling';
import { enrolQuoteRoutes } from './enrol-quotes';
import { learnerAccountRoutes } from './learner-account';
import { reportingEnrolmentRoutes } from './reporting-enrolments';
import { certificateRoutes } from './certificates';
import { auditRoutes } from './audit';
import { learnerAdminRoutes } from './learner-admin';
import { adminJobRoutes } from './admin-jobs';
import { systemReportRoutes } from './system-reports';
import { settingsRoutes } from './settings';
import { answerRoutes } from './answers';
import { signInSlipRoutes } from './sign-in-slips';
import { peopleRoutes } from './people';

export * from './identity';
export * from './enrolment';
export * from './reporting';
export * from './catalogue';
export * from './learning';
export * from './account';
export * from './users';
export * from './companies';
export * from './credits';
export * from './enrolling';
export * from './enrol-quotes';
export * from './learner-account';
export * from './reporting-enrolments';
export * from './reporting-filters';
export * from './certificates';
export * from './audit';
export * from './learner-admin';
export * from './admin-jobs';
export * from './system-reports';
export * from './settings';
export * from './answers';
export * from './sign-in-slips';
export * from './people';

/** The route table: a route that is not here does not exist. */
export const routeTable: readonly AnyRoute[] = [
  ...identityRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...companyRoutes,
  ...catalogueRoutes,
  ...enrolmentRoutes,
  ...learningRoutes,
  ...reportingRoutes,
  ...creditRoutes,
  ...enrollingRoutes,
  ...enrolQuoteRoutes,
  ...learnerAccountRoutes,
  ...reportingEnrolmentRoutes,
  ...certificateRoutes,
  ...auditRoutes,
  ...learnerAdminRoutes,
  ...adminJobRoutes,
  ...systemReportRoutes,
  ...settingsRoutes,
  ...answerRoutes,
  ...signInSlipRoutes,
  ...peopleRoutes,
];
