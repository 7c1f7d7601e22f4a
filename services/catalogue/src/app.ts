import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { categoryRoutes } from './modules/categories/categories.routes';

/** The catalogue service: courses, categories, packages, company course selection. */
export function createCatalogueApp(deps: ServiceDeps) {
  return new Hono<AppEnv>().route('/', categoryRoutes(deps));
}
