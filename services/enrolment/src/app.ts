import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { creditRoutes } from './modules/credits/credits.routes';
import { learnerDashboardRoutes } from './modules/learner-dashboard/learner-dashboard.routes';
import { certificateRoutes } from './modules/certificates/certificates.routes';
import { verifyRoutes } from './modules/certificates/verify.routes';
import { playerRoutes } from './modules/player/player.routes';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { adminEnrolRoutes } from './modules/enrolling/admin-enrol.routes';
import { purchaseRoutes } from './modules/purchases/purchases.routes';
import { enrollingRoutes } from './modules/enrolling/enrolling.routes';
import { adminEnrolmentRoutes } from './modules/enrolling/admin-enrolments.routes';
import { bulkUploadRoutes } from './modules/bulk-upload/bulk-upload.routes';
import { learnerDataRoutes } from './modules/learner-data/learner-data.routes';
import { enrolmentActionRoutes } from './modules/enrolment-actions/enrolment-actions.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { signInSlipRoutes } from './modules/sign-in-slips/sign-in-slips.routes';

/** The enrolment service: enrolments, credits ledger, learner progress, certificates. */
export function createEnrolmentApp(deps: ServiceDeps) {
  return new Hono<AppEnv>()
    .route('/', creditRoutes(deps))
    .route('/', learnerDashboardRoutes(deps))
    .route('/', verifyRoutes(deps))
    .route('/', certificateRoutes(deps))
    .route('/', playerRoutes(deps))
    .route('/', activitiesRoutes(deps))
    .route('/', adminEnrolRoutes(deps))
    .route('/', purchaseRoutes(deps))
    .route('/', enrollingRoutes(deps))
    .route('/', adminEnrolmentRoutes(deps))
    .route('/', bulkUploadRoutes(deps))
    .route('/', learnerDataRoutes(deps))
    .route('/', enrolmentActionRoutes(deps))
    .route('/', exportRoutes(deps))
    .route('/', signInSlipRoutes(deps));
}
