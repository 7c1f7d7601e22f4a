import { runStandaloneService } from '@portal/service-kit';
import { identityPort, identitySchema } from '@portal/identity-service';
import { catalogueSchema } from '@portal/catalogue-service';
import { createEnrolmentApp, enrolmentSchema } from './index';

await runStandaloneService({ name: 'enrolment', schemas: [identitySchema, catalogueSchema, enrolmentSchema], identity: identityPort, createApp: createEnrolmentApp });
