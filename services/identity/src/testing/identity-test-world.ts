import type { Role } from '@portal/contracts';
import type { CataloguePort, Em } from '@portal/service-kit';
import { createRecordingEnrolmentPort, createTestPlatform, TestClient, unwiredPort, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityApp } from '../app';
import { createIdentityPort } from '../identity-port';
import { identitySchema } from '../schema';
import { emailedLinkJob } from '../modules/auth/emailed-links';
import { makeCompany, makeSession, makeUser, unique } from './factories';

export { unique };
export const PASSWORD = 'Sturdy-Ladder-42';

export interface IdentityTestWorld {
  platform: TestPlatform;
  app: ReturnType<typeof createIdentityApp>;
  enrolment: ReturnType<typeof createRecordingEnrolmentPort>;
  em(): Em;
  client(token?: string): TestClient;
  makeCompany(input?: { name?: string; parentId?: number | null }): Promise<{ id: number; name: string }>;
  makeUser(input: { role: Role; companyId: number; name?: string; email?: string | null; password?: string | null; loginCode?: string | null }): Promise<{ id: number; name: string; email: string | null }>;
  signIn(userId: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Identity alone on a fresh database, with factories that make unique rows. Enrolment (which
 * depends on identity) is a recording port; identity never calls catalogue.
 */
export async function createIdentityTestWorld(options: { env?: Record<string, string>; configure?: (platform: TestPlatform) => void } = {}): Promise<IdentityTestWorld> {
  const enrolment = createRecordingEnrolmentPort();
  // The emailed-link job reads the platform when it runs, after it exists.
  const built: { platform?: TestPlatform } = {};
  const platform = await createTestPlatform({
    jobDefinitions: [emailedLinkJob(() => built.platform!)],
    schemas: [identitySchema],
    ports: { identity: createIdentityPort, catalogue: () => unwiredPort<CataloguePort>('catalogue'), enrolment: () => enrolment.port },
    env: options.env ?? {},
  });
  built.platform = platform;
  options.configure?.(platform);
  const app = createIdentityApp(platform);
  const em = () => platform.orm.em.fork();
  return {
    platform,
    app,
    enrolment,
    em,
    client: (token) => new TestClient(app, token ? { sessionToken: token } : {}),
    async makeCompany(input = {}) {
      const company = await makeCompany(em(), input);
      return { id: company.id, name: company.name };
    },
    async makeUser(input) {
      const user = await makeUser(em(), { ...input, password: input.password === null ? null : (input.password ?? PASSWORD) });
      return { id: user.id, name: user.name, email: user.email ?? null };
    },
    signIn: (userId) => makeSession(em(), userId),
    close: () => platform.close(),
  };
}
