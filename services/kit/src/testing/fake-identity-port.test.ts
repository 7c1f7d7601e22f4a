import { createFakeIdentityPort } from './fake-identity-port';
import { describeIdentityPortContract } from './identity-port-contract';

// The same contract identity's real port passes (services/identity/src/identity-port.contract.test.ts).
describeIdentityPortContract('in-memory fake', async (seed) => {
  const fake = createFakeIdentityPort(seed);
  return { port: fake.port, signIn: async (userId) => fake.signIn(userId), close: async () => {} };
});
