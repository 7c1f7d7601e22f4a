import { defineTask, type ServiceDescriptor } from '@portal/service-kit';
import { createIdentityApp } from './app';
import { createIdentityPort } from './identity-port';
import { identitySchema } from './schema';
import { emailedLinkJob } from './modules/auth/emailed-links';
import { removeExpiredSessionsAndTokens } from './modules/sessions/remove-expired';

/** Identity as the gateway (and a test platform) composes it. */
export const identityService: ServiceDescriptor = {
  name: 'identity',
  schema: identitySchema,
  ports: { identity: createIdentityPort },
  jobs: (platform) => [emailedLinkJob(platform)],
  scheduledTasks: (platform) => [
    defineTask({
      name: 'identity.remove-expired-sessions',
      description: 'Removes expired sessions, expired or used sign-in and reset tokens, and old rate-limit attempts.',
      schedule: { every: 'day', hour: 3, minute: 15 },
      run: async ({ now }) => void (await removeExpiredSessionsAndTokens(platform.orm.em.fork(), now)),
    }),
  ],
  app: (deps) => createIdentityApp(deps),
};
