import type { RemoteRouteTable } from '@portal/frontend-kit/routes';
import { ADMIN_ROUTES } from '@portal/remote-admin/routes';
import { COMPANY_ROUTES } from '@portal/remote-company/routes';
import { LEARNER_ROUTES } from '@portal/remote-learner/routes';

/**
 * Which remote serves which role at which paths: each remote's route manifest, read at build time
 * (a page added to a remote is one change there; the shell is rebuilt with it). Any other address is
 * the shell's 404, without loading a remote.
 */
export const REMOTE_ROUTE_TABLES: readonly RemoteRouteTable[] = [LEARNER_ROUTES, COMPANY_ROUTES, ADMIN_ROUTES];
