import type { ServiceDescriptor } from '@portal/service-kit';
import { createEnrolmentApp } from './app';
import { createEnrolmentPort } from './enrolment-port';
import { enrolmentSchema } from './schema';
import { certificateIssuedJob } from './modules/certificates/certificate-jobs';
import { enrolmentJobDefinitions, enrolmentScheduledTasks } from './modules/reminders';

/** Enrolment as the gateway (and a test platform) composes it. */
export const enrolmentService: ServiceDescriptor = {
  name: 'enrolment',
  schema: enrolmentSchema,
  ports: { enrolment: createEnrolmentPort },
  jobs: (platform) => [certificateIssuedJob(platform), ...enrolmentJobDefinitions(platform)],
  scheduledTasks: (platform) => enrolmentScheduledTasks(platform),
  app: (deps) => createEnrolmentApp(deps),
};
