import type { Role } from '@portal/contracts';
import type { RemoteRouteTable } from '@portal/frontend-kit/routes';

const ADMIN: readonly Role[] = ['admin'];

/** The admin remote's addresses (read by the shell at build time): its dashboard owns /admin and everything under it. */
export const ADMIN_ROUTES = {
  remote: 'admin',
  module: 'admin-dashboard',
  routes: [
    { path: '/admin', roles: ADMIN, page: 'admin-dashboard' },
    { path: '/admin/*', roles: ADMIN, page: 'admin-dashboard' },
  ],
} as const satisfies RemoteRouteTable;
