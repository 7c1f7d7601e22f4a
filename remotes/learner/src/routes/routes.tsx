// Exposed as `learner/routes`: every learner page, each loaded when first opened.
import { remoteRoutes, type PageLoader } from '@portal/frontend-kit/routes';
import { LEARNER_ROUTES, type LearnerPage } from './learner-routes';

const PAGES: Record<LearnerPage, PageLoader> = {
  'learner-dashboard': () => import('../pages/learner-dashboard'),
  'learner-account': () => import('../pages/learner-account'),
  'learner-course': () => import('../pages/learner-course'),
  'learner-course-activities': () => import('../pages/learner-course-activities'),
  'activity-code': () => import('../pages/activity-code'),
};

export default remoteRoutes(LEARNER_ROUTES.routes, PAGES);
