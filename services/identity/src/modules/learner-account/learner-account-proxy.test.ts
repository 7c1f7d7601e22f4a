import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';

/**
 * Behind a trusted proxy (TRUST_PROXY=true) the caller's address is the last X-Forwarded-For hop,
 * the one the proxy saw: the earlier hops are the client's to write. The learner account's mail
 * limits must count that address, or a client could dodge them by writing a new first hop.
 */
let world: IdentityTestWorld;
let companyId: number;
beforeAll(async () => {
  world = await createIdentityTestWorld({ env: { TRUST_PROXY: 'true' } });
  companyId = (await world.makeCompany()).id;
});
afterAll(() => world.close());

describe('the learner account behind a trusted proxy', () => {
  it('counts the mail requests of the address the proxy saw, whatever first hop the client writes', async () => {
    const proxySaw = '10.40.0.1';
    const setUp = async (hop: number) => {
      const user = await world.makeUser({
        role: 'learner',
        companyId,
        email: null,
        password: null,
        loginCode: `P${unique().toUpperCase()}`,
      });
      const token = await world.signIn(user.id);
      return world.client(token).request('/api/learner-account/sign-in-set-up', {
        method: 'POST',
        json: { email: `proxy-${unique()}@example.test` },
        headers: { 'x-forwarded-for': `203.0.113.${hop}, ${proxySaw}` },
      });
    };
    // 20 mail requests per client address in 15 minutes (identity's LIMITS.mailAddress).
    for (let i = 0; i < 20; i++) expect((await setUp(i)).status).toBe(200);
    const limited = await setUp(99);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
  });
});
