import type { Role } from '@portal/contracts';
import type { RemoteRouteTable } from '@portal/frontend-kit/routes';

const LEARNER: readonly Role[] = ['learner'];
const COMPANY: readonly Role[] = ['manager', 'admin'];

/**
 * The learner remote's addresses (the shell reads this at build time; ./routes.tsx loads each page).
 * Adding a page: its file in src/pages, a line here and one in ./routes.tsx.
 */
export const LEARNER_ROUTES = {
  remote: 'learner',
  module: 'routes',
  routes: [
    { path: '/', roles: LEARNER, page: 'learner-dashboard' },
    // The learner's own account page; managers and admins get the company's account area.
    { path: '/account', roles: LEARNER, page: 'learner-account' },
    // /learn/{enrolmentId}: the player; /learn/{enrolmentId}/activities[/{activityId}]: the course's activities.
    { path: '/learn/:enrolmentId/*', roles: LEARNER, page: 'learner-course', layout: 'minimal' },
    { path: '/learn/:enrolmentId/activities/*', roles: LEARNER, page: 'learner-course-activities', layout: 'minimal' },
    { path: '/activity-code/:enrolmentId/:activityId', roles: COMPANY, page: 'activity-code' },
  ],
} as const satisfies RemoteRouteTable;

export type LearnerPage = (typeof LEARNER_ROUTES)['routes'][number]['page'];
