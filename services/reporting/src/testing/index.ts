import { jobsSchema } from '@portal/service-kit';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityPort, identitySchema } from '@portal/identity-service/testing';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service/testing';
import { createEnrolmentPort, enrolmentSchema } from '@portal/enrolment-service/testing';

/** Reporting is the read model: its tests run on every service's tables, with the real ports. */
export function createReportingTestPlatform(): Promise<TestPlatform> {
  return createTestPlatform({
    schemas: [jobsSchema, identitySchema, catalogueSchema, enrolmentSchema],
    ports: { identity: createIdentityPort, catalogue: createCataloguePort, enrolment: createEnrolmentPort },
  });
}
export { readReportingEnrolments } from '../modules/enrolments/reporting-enrolments';
