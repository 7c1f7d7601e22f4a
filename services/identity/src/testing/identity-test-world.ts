import { randomBytes } from 'node:crypto';
import type { Role } from '@portal/contracts';
import { hashPassword, type Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createIdentityApp } from '../app';
import { identityPort } from '../identity-port';
import { identitySchema } from '../schema';
import { Company } from '../modules/companies/company.entity';
import { User } from '../modules/users/user.entity';
import { createSession } from '../modules/sessions/session.repository';
import { createRecordingEnrolmentPort } from './recording-enrolment-port';

export const unique = () => randomBytes(4).toString('hex');
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

/** Identity alone on a fresh database, with factories that make unique rows. */
export async function createIdentityTestWorld(options: { env?: Record<string, string>; configure?: (platform: TestPlatform) => void } = {}): Promise<IdentityTestWorld> {
  const platform = await createTestPlatform({ schemas: [identitySchema], identity: identityPort, env: options.env ?? {} });
  const enrolment = createRecordingEnrolmentPort();
  platform.enrolment = enrolment.port;
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
      const e = em();
      const company = e.create(Company, { name: input.name ?? `Company ${unique()}`, parentId: input.parentId ?? null } as never);
      await e.flush();
      return { id: company.id, name: company.name };
    },
    async makeUser(input) {
      const e = em();
      const email = input.email === undefined ? `${input.role}-${unique()}@example.test` : input.email;
      const user = e.create(User, {
        name: input.name ?? `${input.role} ${unique()}`,
        email,
        passwordHash: input.password === null ? null : await hashPassword(input.password ?? PASSWORD),
        loginCode: input.loginCode ?? null,
        companyId: input.companyId,
        role: input.role,
      } as never);
      await e.flush();
      return { id: user.id, name: user.name, email };
    },
    signIn: (userId) => createSession(em(), { userId }),
    close: () => platform.close(),
  };
}
