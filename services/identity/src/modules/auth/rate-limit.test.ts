import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestWorld, PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { AuthAttempt } from '../../data/auth-attempt.entity';

let world: IdentityTestWorld;
let companyId: number;
beforeAll(async () => {
  world = await createIdentityTestWorld();
  companyId = (await world.makeCompany()).id;
});
afterAll(() => world.close());

const login = (body: unknown, address: string) =>
  world.client().request('/api/auth/login', { method: 'POST', json: body, headers: { 'x-forwarded-for': address } });

describe('sign-in rate limits', () => {
  it('slow one address after 5 failures on an account with 429, a clear message and Retry-After; the owner elsewhere still signs in', async () => {
    const user = await world.makeUser({ role: 'admin', companyId });
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: 'Wrong-Ladder-1' }, '10.2.0.1')).status).toBe(401);
    }
    const locked = await login({ email: user.email, password: PASSWORD }, '10.2.0.1');
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toEqual({ message: 'Too many sign-in attempts. Please try again in 15 minutes.', code: 'rate_limited' });
    // Nobody is locked out by someone else's guesses: the account signs in from its owner's address.
    expect((await login({ email: user.email, password: PASSWORD }, '10.2.0.99')).status).toBe(200);
  });

  it('cannot be used to lock an account out: failures spread over many addresses leave the owner free', async () => {
    const user = await world.makeUser({ role: 'admin', companyId });
    for (let i = 0; i < 25; i++) await login({ email: user.email, password: 'Wrong-Ladder-1' }, `10.7.${i}.1`);
    expect((await login({ email: user.email, password: PASSWORD }, '10.7.200.1')).status).toBe(200);
  });

  it('count the account by its email whatever its case, and free the address after the window', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    for (let i = 0; i < 5; i++)
      await login({ email: i % 2 ? user.email!.toUpperCase() : user.email, password: 'Wrong-Ladder-1' }, '10.3.0.1');
    expect((await login({ email: user.email, password: PASSWORD }, '10.3.0.1')).status).toBe(429);
    world.platform.now = () => new Date(Date.now() + 15 * 60 * 1000 + 1000);
    try {
      expect((await login({ email: user.email, password: PASSWORD }, '10.3.0.1')).status).toBe(200);
    } finally {
      world.platform.now = () => new Date();
    }
  });

  it('allow an address 10 wrong login codes in 15 minutes; its password sign-ins are not held up by that', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const address = '10.8.0.1';
    for (let i = 0; i < 10; i++) expect((await login({ login_code: `NOPE${unique()}` }, address)).status).toBe(401);
    expect((await login({ login_code: `NOPE${unique()}` }, address)).status).toBe(429);
    expect((await login({ login_code: `NOPE${unique()}` }, '10.8.0.2')).status).toBe(401);
    expect((await login({ email: user.email, password: PASSWORD }, address)).status).toBe(200);
  });

  it('a success clears the account’s failures', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    for (let i = 0; i < 4; i++) await login({ email: user.email, password: 'Wrong-Ladder-1' }, '10.4.0.1');
    expect((await login({ email: user.email, password: PASSWORD }, '10.4.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ email: user.email, password: 'Wrong-Ladder-1' }, '10.4.0.1')).status).toBe(401);
  });

  it('limit one address to 30 failures across accounts and login codes; other addresses are unaffected', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const address = '10.5.0.1';
    for (let i = 0; i < 30; i++) {
      const body = i % 3 === 0 ? { login_code: `NOPE${unique()}` } : { email: `guess-${unique()}@example.test`, password: 'x' };
      expect((await login(body, address)).status).toBe(401);
    }
    const blocked = await login({ email: user.email, password: PASSWORD }, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBeTruthy();
    expect((await login({ email: user.email, password: PASSWORD }, '10.5.0.2')).status).toBe(200);
    // Attempts are rows in the database, so every instance of the service sees them.
    expect(await world.em().count(AuthAttempt, { bucket: `signin-address:${address}` })).toBe(30);
  });
});

describe('mail request limits', () => {
  it('allow 3 mails per email in 15 minutes, answering a known and an unknown email alike', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const ghost = `ghost-${unique()}@example.test`;
    for (const email of [user.email!, ghost]) {
      for (let i = 0; i < 3; i++) {
        const r = await world
          .client()
          .request('/password/email', { method: 'POST', json: { email }, headers: { 'x-forwarded-for': `10.6.${i}.1` } });
        expect(r.status).toBe(200);
      }
      const limited = await world
        .client()
        .request('/api/auth/login-link', { method: 'POST', json: { email }, headers: { 'x-forwarded-for': '10.6.9.1' } });
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { message: string }).message).toBe('Too many email requests. Please try again in 15 minutes.');
    }
    await world.platform.jobs.drain();
    expect(world.platform.sentMail.filter((m) => m.to === user.email)).toHaveLength(3);
  });
});
