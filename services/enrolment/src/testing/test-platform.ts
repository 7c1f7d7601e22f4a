import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityPort, identitySchema } from '@portal/identity-service/testing';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service/testing';
import { enrolmentSchema } from '../schema';
import { createEnrolmentPort } from '../enrolment-port';

/** Enrolment with the real identity and catalogue ports on a fresh test database (and their tables). */
export function createEnrolmentTestPlatform(options: { now?: () => Date; env?: Record<string, string> } = {}): Promise<TestPlatform> {
  return createTestPlatform({
    schemas: [identitySchema, catalogueSchema, enrolmentSchema],
    ports: { identity: createIdentityPort, catalogue: createCataloguePort, enrolment: createEnrolmentPort },
    ...options,
  });
}
