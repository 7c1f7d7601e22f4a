// Exposed as `company/routes`: every company page, each loaded when first opened.
import { remoteRoutes, type PageLoader } from '@portal/frontend-kit/routes';
import { COMPANY_ROUTES, type CompanyPage } from './company-routes';

const PAGES: Record<CompanyPage, PageLoader> = {
  dashboard: () => import('../pages/dashboard'),
  courses: () => import('../pages/courses'),
  'edit-course': () => import('../pages/edit-course'),
  account: () => import('../pages/account'),
  'enrol-wizard': () => import('../pages/enrol-wizard'),
  enrol: () => import('../pages/enrol'),
  'purchase-history': () => import('../pages/purchase-history'),
  enrolments: () => import('../pages/enrolments'),
  'edit-enrolment': () => import('../pages/edit-enrolment'),
  people: () => import('../pages/people'),
};

export default remoteRoutes(COMPANY_ROUTES.routes, PAGES);
