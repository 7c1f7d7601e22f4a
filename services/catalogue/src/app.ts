import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { categoryRoutes } from './modules/categories/categories.routes';
import { courseRoutes } from './modules/courses/courses.routes';
import { companyCourseRoutes } from './modules/company-courses/company-courses.routes';
import { courseFileRoutes } from './modules/packages/course-files.routes';
import { certificateBackgroundRoutes } from './modules/certificate-background/certificate-background.routes';

/** The catalogue service: courses, categories, packages, company course selection, bridging activities. */
export function createCatalogueApp(deps: ServiceDeps) {
  return new Hono<AppEnv>()
    .route('/', categoryRoutes(deps))
    .route('/', courseRoutes(deps))
    .route('/', companyCourseRoutes(deps))
    .route('/', courseFileRoutes(deps))
    .route('/', certificateBackgroundRoutes(deps));
}
