import { runStandaloneService } from '@portal/service-kit';
import { identityPort, identitySchema } from '@portal/identity-service';
import { catalogueSchema, createCatalogueApp } from './index';

await runStandaloneService({ name: 'catalogue', schemas: [identitySchema, catalogueSchema], identity: identityPort, createApp: createCatalogueApp });
