import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';

/**
 * Issue 25 D3: the limits hold under concurrency. Every attempt is counted before the password or
 * code is checked, so of 60 guesses sent at once at most the limit are checked for real. The real
 * checks are counted where they happen (the kit's verifyPassword), not guessed from the answers.
 */
const checks = vi.hoisted(() => ({ passwords: 0 }));
vi.mock('@portal/service-kit', async (importOriginal) => {
  const kit = await importOriginal<typeof import('@portal/service-kit')>();
  return {
    ...kit,
    verifyPassword: (hash: string, password: string) => {
      checks.passwords++;
      return kit.verifyPassword(hash, password);
    },
  };
});

let world: IdentityTestWorld;
let companyId: number;
beforeAll(async () => {
  // The suites share one process (isolate: false), so an earlier file may have loaded identity
  // with the real kit: load it afresh for the mock above to take hold.
  vi.resetModules();
  const { createIdentityTestWorld } = await import('../../testing/identity-test-world');
  world = await createIdentityTestWorld();
  companyId = (await world.makeCompany()).id;
});
afterAll(() => world.close());

const CONCURRENT = 60;
const login = (body: unknown, address: string) =>
  world.client().request('/api/auth/login', { method: 'POST', json: body, headers: { 'x-forwarded-for': address } });
const statuses = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('attempt limits under concurrency', () => {
  it(`check at most 5 of ${CONCURRENT} concurrent wrong passwords for one account from one address; the rest get 429`, async () => {
    const user = await world.makeUser({ role: 'manager', companyId });
    checks.passwords = 0;
    const answers = statuses(
      await Promise.all(Array.from({ length: CONCURRENT }, () => login({ email: user.email, password: 'Wrong-Ladder-1' }, '10.90.0.1'))),
    );
    expect(checks.passwords).toBeLessThanOrEqual(5);
    expect(checks.passwords).toBeGreaterThan(0);
    expect(answers[401] ?? 0).toBe(checks.passwords);
    expect(answers[429]).toBe(CONCURRENT - checks.passwords);
    // The owner elsewhere is not locked out.
    expect((await login({ email: user.email, password: PASSWORD }, '10.90.0.2')).status).toBe(200);
  });

  it(`check at most 30 of ${CONCURRENT} concurrent wrong passwords from one address across accounts`, async () => {
    checks.passwords = 0;
    const answers = statuses(
      await Promise.all(
        Array.from({ length: CONCURRENT }, () => login({ email: `guess-${unique()}@example.test`, password: 'x' }, '10.91.0.1')),
      ),
    );
    expect(checks.passwords).toBeLessThanOrEqual(30);
    expect(answers[401] ?? 0).toBe(checks.passwords);
  });

  it(`answer at most 10 of ${CONCURRENT} concurrent wrong login codes from one address`, async () => {
    const answers = statuses(
      await Promise.all(Array.from({ length: CONCURRENT }, () => login({ login_code: `NOPE${unique()}` }, '10.92.0.1'))),
    );
    expect(answers[401] ?? 0).toBeLessThanOrEqual(10);
    expect(answers[401] ?? 0).toBeGreaterThan(0);
    expect(answers[429]).toBe(CONCURRENT - (answers[401] ?? 0));
  });

  it(`check at most 5 of ${CONCURRENT} concurrent wrong current passwords on the account page`, async () => {
    const manager = await world.makeUser({ role: 'manager', companyId });
    const token = await world.signIn(manager.id);
    checks.passwords = 0;
    const answers = statuses(
      await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          world.client(token).request('/account/login', {
            method: 'POST',
            json: { name: 'N', email: manager.email, password: 'Another-Ladder-5', current_password: 'Not-My-Password-1' },
          }),
        ),
      ),
    );
    expect(checks.passwords).toBeLessThanOrEqual(5);
    expect(answers[422] ?? 0).toBe(checks.passwords);
    expect(answers[429]).toBe(CONCURRENT - checks.passwords);
  });

  it('a success counts for nothing: more sign-ins from one address (an office) than its failure limit are never held up', async () => {
    const address = '10.93.0.1';
    for (let i = 0; i < 31; i++) {
      const user = await world.makeUser({ role: 'learner', companyId });
      expect((await login({ email: user.email, password: PASSWORD }, address)).status).toBe(200);
    }
  });
});
