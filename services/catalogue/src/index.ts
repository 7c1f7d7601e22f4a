export { createCatalogueApp } from './app';
export { catalogueSchema } from './schema';
export { seedDemoCatalogue, DEMO_COURSE_IDS, DEMO_CATEGORIES } from './seeders/demo-catalogue';
export { Course } from './modules/courses/course.entity';
export * from './queries';
