import type { Em } from '@portal/service-kit';
import {
  attemptTablesSchema,
  createFakeCataloguePort,
  createFakeIdentityPort,
  createTestPlatform,
  TestClient,
  type FakeCatalogue,
  type FakeCatalogueSeed,
  type FakeIdentity,
  type FakeIdentitySeed,
  type TestPlatform,
} from '@portal/service-kit/testing';
import { createEnrolmentApp } from '../app';
import { enrolmentService } from '../service';

export interface EnrolmentTestWorld {
  platform: TestPlatform;
  app: ReturnType<typeof createEnrolmentApp>;
  /** Identity in memory: `identity.company(…)`, `identity.user(…)`, `identity.signIn(userId)`. */
  identity: FakeIdentity;
  /** Catalogue in memory: `catalogue.course(…)`, `catalogue.activity(…)`, `catalogue.bridge(…)`. */
  catalogue: FakeCatalogue;
  em(): Em;
  client(sessionToken?: string): TestClient;
  close(): Promise<void>;
}

/**
 * Enrolment alone on a fresh database: its tables, jobs and routes, with identity and catalogue
 * as the kit's in-memory fakes (which pass the same port contract as the real ones). What really
 * crosses services stays in the gateway's tests.
 */
export async function createEnrolmentTestWorld(
  options: { now?: () => Date; env?: Record<string, string>; identity?: FakeIdentitySeed; catalogue?: FakeCatalogueSeed } = {},
): Promise<EnrolmentTestWorld> {
  const identity = createFakeIdentityPort(options.identity);
  const catalogue = createFakeCataloguePort(options.catalogue, () => platform);
  const platform: TestPlatform = await createTestPlatform({
    services: [enrolmentService],
    // The attempt limits (activity codes, certificate checks) count into identity's tables.
    schemas: [attemptTablesSchema],
    ports: { identity: () => identity.port, catalogue: () => catalogue.port },
    ...(options.env ? { env: options.env } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createEnrolmentApp(platform);
  return {
    platform,
    app,
    identity,
    catalogue,
    em: () => platform.orm.em.fork(),
    client: (sessionToken) => new TestClient(app, sessionToken ? { sessionToken } : {}),
    close: () => platform.close(),
  };
}
