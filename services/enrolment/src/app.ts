import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { creditRoutes } from './modules/credits/credits.routes';
import { learnerDashboardRoutes } from './modules/enrollments/learner-dashboard.routes';
import { certificateRoutes } from './modules/certificates/certificates.routes';
import { verifyRoutes } from './modules/certificates/verify.routes';
import { playerRoutes } from './modules/player/player.routes';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { adminEnrolRoutes } from './modules/enrollments/admin-enrol.routes';
import { purchaseRoutes } from './modules/purchases/purchases.routes';
import { enrollingRoutes } from './modules/enrollments/enrolling.routes';
import { adminEnrollmentRoutes } from './modules/enrollments/admin-enrollments.routes';
import { bulkUploadRoutes } from './modules/bulk-upload/bulk-upload.routes';
import { learnerDataRoutes } from './modules/learner-data/learner-data.routes';

/** The enrolment service: enrolments, credits ledger, learner progress, certificates. */
export function createEnrolmentApp(deps: ServiceDeps) {
  return new Hono<AppEnv>().route('/', creditRoutes(deps)).route('/', learnerDashboardRoutes(deps)).route('/', verifyRoutes(deps)).route('/', certificateRoutes(deps))
    .route('/', playerRoutes(deps))
    .route('/', activitiesRoutes(deps))
    .route('/', adminEnrolRoutes(deps))
    .route('/', purchaseRoutes(deps))
    .route('/', enrollingRoutes(deps))
    .route('/', adminEnrollmentRoutes(deps))
    .route('/', bulkUploadRoutes(deps))
    .route('/', learnerDataRoutes(deps));
}
