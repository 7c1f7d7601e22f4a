export { createCatalogueApp } from './app';
export { catalogueSchema } from './schema';
export { seedDemoCatalogue, DEMO_COURSE_IDS, DEMO_CATEGORIES } from './seeders/demo-catalogue';
export { Course } from './modules/courses/course.entity';
export { CourseActivity } from './modules/activities/course-activity.entity';
export { BridgingActivity, CompanyCourse } from './modules/company-courses/company-course.entity';
export type { ParsedManifest, ManifestSco } from './modules/packages/manifest';
export type { CoursePackage, CourseActivityInfo } from './queries';
export * from './queries';
