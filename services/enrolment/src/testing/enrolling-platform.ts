import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service/testing';
import { createIdentityPort, identitySchema } from '@portal/identity-service/testing';
import { enrolmentSchema } from '../schema';
import { createEnrolmentPort } from '../enrolment-port';

/** Enrolment with the real identity and catalogue ports: new employees are identity's createLearners. */
export function createEnrollingTestPlatform(options: { now?: () => Date } = {}): Promise<TestPlatform> {
  return createTestPlatform({
    schemas: [identitySchema, catalogueSchema, enrolmentSchema],
    ports: { identity: createIdentityPort, catalogue: createCataloguePort, enrolment: createEnrolmentPort },
    ...options,
  });
}
