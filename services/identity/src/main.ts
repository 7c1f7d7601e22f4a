import { jobsSchema, runStandaloneService } from '@portal/service-kit';
import { createIdentityApp, identityPort, identitySchema } from './index';

await runStandaloneService({ name: 'identity', schemas: [jobsSchema, identitySchema], identity: identityPort, createApp: createIdentityApp });
