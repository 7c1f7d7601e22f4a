import type { Role } from '@portal/contracts';
import type { RemoteRouteTable } from '@portal/frontend-kit/routes';

const COMPANY: readonly Role[] = ['manager', 'admin'];
const EVERYONE: readonly Role[] = ['learner', 'manager', 'admin'];

/**
 * The company remote's addresses (the shell reads this at build time; ./routes.tsx loads each page).
 * Adding a page: its file in src/pages, a line here and one in ./routes.tsx.
 */
export const COMPANY_ROUTES = {
  remote: 'company',
  module: 'routes',
  routes: [
    { path: '/', roles: COMPANY, page: 'dashboard' },
    // The company's catalogue and its course settings.
    { path: '/courses', roles: COMPANY, page: 'courses' },
    { path: '/courses/edit/:id', roles: COMPANY, page: 'edit-course' },
    // The address the edit form posts to (spec §2, §7): opened in the browser it is the same page.
    { path: '/companyCourse/edit/:id', roles: COMPANY, page: 'edit-course' },
    // The account area of managers (and of admins, for the company they act for); learners have their own.
    { path: '/account', roles: COMPANY, page: 'account' },
    { path: '/account/depot/:id', roles: COMPANY, page: 'account' },
    // Enrol employees: the 3-step wizard and the older single page (which also serves re-enrolment).
    { path: '/enrolments/create/v2', roles: COMPANY, page: 'enrol-wizard' },
    { path: '/enrolments/create', roles: COMPANY, page: 'enrol' },
    // Invoices: the company's for managers, a purchased learner's own (the service decides which).
    { path: '/purchase-history', roles: EVERYONE, page: 'purchase-history' },
    { path: '/account/purchase-history', roles: EVERYONE, page: 'purchase-history' },
    // Enrolments (reporting) and editing one enrolment.
    { path: '/reporting', roles: COMPANY, page: 'enrolments' },
    { path: '/enrolments/:id/edit', roles: COMPANY, page: 'edit-enrolment' },
    // People: the company's and its depots' learners; one person at /people/:id.
    { path: '/people', roles: COMPANY, page: 'people' },
    { path: '/people/:id', roles: COMPANY, page: 'people' },
  ],
} as const satisfies RemoteRouteTable;

export type CompanyPage = (typeof COMPANY_ROUTES)['routes'][number]['page'];
