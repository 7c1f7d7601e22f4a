import type { AnyRoute } from '../route';
import { identityRoutes } from './identity';
import { enrolmentRoutes } from './enrolment';
import { reportingRoutes } from './reporting';
import { catalogueRoutes } from './catalogue';

export * from './identity';
export * from './enrolment';
export * from './reporting';
export * from './catalogue';

/** The route table: a route that is not here does not exist. */
export const routeTable: readonly AnyRoute[] = [...identityRoutes, ...catalogueRoutes, ...enrolmentRoutes, ...reportingRoutes];
