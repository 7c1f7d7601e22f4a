import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityPort, identitySchema } from '@portal/identity-service/testing';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service/testing';
import { enrolmentSchema } from '../schema';
import { createEnrolmentPort } from '../enrolment-port';
import { certificateIssuedJob } from '../modules/certificates/certificate-jobs';

/** Enrolment with the real identity and catalogue ports on a fresh test database (and their tables). */
export async function createEnrolmentTestPlatform(options: { now?: () => Date; env?: Record<string, string> } = {}): Promise<TestPlatform> {
  // The certificate-issued job (managers' mail) runs on the platform being made.
  const holder: { platform?: TestPlatform } = {};
  const platform = await createTestPlatform({
    jobDefinitions: [certificateIssuedJob(() => holder.platform!)],
    schemas: [identitySchema, catalogueSchema, enrolmentSchema],
    ports: { identity: createIdentityPort, catalogue: createCataloguePort, enrolment: createEnrolmentPort },
    ...options,
  });
  holder.platform = platform;
  return platform;
}
