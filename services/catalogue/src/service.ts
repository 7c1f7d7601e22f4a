import type { ServiceDescriptor } from '@portal/service-kit';
import { createCatalogueApp } from './app';
import { createCataloguePort } from './catalogue-port';
import { catalogueSchema } from './schema';

/** Catalogue as the gateway (and a test platform) composes it. */
export const catalogueService: ServiceDescriptor = {
  name: 'catalogue',
  schema: catalogueSchema,
  ports: { catalogue: createCataloguePort },
  app: (deps) => createCatalogueApp(deps),
};
