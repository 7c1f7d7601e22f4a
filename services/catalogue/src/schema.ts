import type { ServiceSchema } from '@portal/service-kit';
import { Category } from './modules/categories/category.entity';
import { Course, CourseCategory } from './modules/courses/course.entity';
import { CourseActivity } from './modules/activities/course-activity.entity';
import { BridgingActivity, CompanyCourse } from './modules/company-courses/company-course.entity';
import { CatalogueInitial } from './migrations/202611210020_catalogue_initial';
import { CataloguePackages } from './migrations/202611210700_catalogue_packages';
import { CataloguePassMark } from './migrations/202611250400_catalogue_pass_mark';

export const catalogueSchema: ServiceSchema = {
  entities: [Category, Course, CourseCategory, CourseActivity, CompanyCourse, BridgingActivity],
  migrations: [
    { name: '202611210020_catalogue_initial', class: CatalogueInitial },
    { name: '202611210700_catalogue_packages', class: CataloguePackages },
    { name: '202611250400_catalogue_pass_mark', class: CataloguePassMark },
  ],
};
