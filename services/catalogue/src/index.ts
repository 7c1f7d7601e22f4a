export { createCatalogueApp } from './app';
export { catalogueSchema } from './schema';
export { createCataloguePort } from './catalogue-port';
export { seedDemoCatalogue, DEMO_COURSE_IDS } from './seeders/demo-catalogue';
export { catalogueService } from './service';
