import { jobsSchema, runStandaloneService } from '@portal/service-kit';
import { identityPort, identitySchema } from '@portal/identity-service';
import { catalogueSchema } from '@portal/catalogue-service';
import { enrolmentSchema } from '@portal/enrolment-service';
import { createReportingApp } from './index';

// Reporting is the read model: it maps every service's tables and writes none.
await runStandaloneService({ name: 'reporting', schemas: [jobsSchema, identitySchema, catalogueSchema, enrolmentSchema], identity: identityPort, createApp: createReportingApp });
