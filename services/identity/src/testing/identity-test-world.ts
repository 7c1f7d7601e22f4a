import type { Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createRecordingEnrolmentPort, createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityApp } from '../app';
import { identityService } from '../service';
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
  makeUser(input: {
    role: Role;
    companyId: number;
    name?: string;
    email?: string | null;
    password?: string | null;
    loginCode?: string | null;
  }): Promise<{ id: number; name: string; email: string | null }>;
  signIn(userId: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Identity alone on a fresh database, with factories that make unique rows. Enrolment (which
 * depends on identity) is a recording port; identity never calls catalogue.
 */
export async function createIdentityTestWorld(
  options: { env?: Record<string, string>; configure?: (platform: TestPlatform) => void } = {},
): Promise<IdentityTestWorld> {
  const enrolment = createRecordingEnrolmentPort();
  const platform = await createTestPlatform({
    services: [identityService],
    ports: { enrolment: () => enrolment.port },
    env: options.env ?? {},
  });
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
