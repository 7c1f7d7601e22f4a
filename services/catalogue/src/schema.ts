import type { ServiceSchema } from '@portal/service-kit';
import { Category } from './modules/categories/category.entity';
import { Course, CourseCategory } from './modules/courses/course.entity';
import { CatalogueInitial } from './migrations/202611210020_catalogue_initial';

export const catalogueSchema: ServiceSchema = {
  entities: [Category, Course, CourseCategory],
  migrations: [{ name: '202611210020_catalogue_initial', class: CatalogueInitial }],
};
