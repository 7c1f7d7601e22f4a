import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestWorld, type IdentityTestWorld } from '../../testing/identity-test-world';
import { Session } from '../../data/session.entity';
import { UserToken } from '../../data/user-token.entity';
import { AuthAttempt } from '../../data/auth-attempt.entity';
import { removeExpiredSessionsAndTokens } from './remove-expired';

let world: IdentityTestWorld;
beforeAll(async () => {
  world = await createIdentityTestWorld();
});
afterAll(() => world.close());

describe('removeExpiredSessionsAndTokens', () => {
  it('removes expired sessions, expired or used tokens and old attempts, and keeps the live ones', async () => {
    const now = new Date('2026-06-01T03:00:00Z');
    const hour = 60 * 60 * 1000;
    const at = (offset: number) => new Date(now.getTime() + offset);
    const company = await world.makeCompany();
    const user = await world.makeUser({ role: 'learner', companyId: company.id });
    const em = world.em();
    const session = (id: string, expiresAt: Date) =>
      em.create(Session, {
        id: id.padEnd(64, '0'),
        userId: user.id,
        mimicCompanyId: null,
        ipAddress: null,
        userAgent: null,
        createdAt: at(-48 * hour),
        lastSeenAt: at(-48 * hour),
        expiresAt,
      });
    session('expired', at(-1));
    session('live', at(hour));
    const token = (hash: string, expiresAt: Date, usedAt: Date | null) =>
      em.create(UserToken, { userId: user.id, purpose: 'reset', tokenHash: hash.padEnd(64, '0'), expiresAt, usedAt, createdAt: at(-hour) });
    token('expired', at(-1), null);
    token('used', at(hour), at(-hour));
    token('live', at(hour), null);
    em.create(AuthAttempt, { bucket: 'test-old', createdAt: at(-25 * hour) });
    em.create(AuthAttempt, { bucket: 'test-recent', createdAt: at(-hour) });
    await em.flush();

    expect(await removeExpiredSessionsAndTokens(world.em(), now)).toEqual({ sessions: 1, tokens: 2, attempts: 1 });
    expect((await world.em().find(Session, { userId: user.id })).map((s) => s.id.replace(/0+$/, ''))).toEqual(['live']);
    expect((await world.em().find(UserToken, { userId: user.id })).map((t) => t.tokenHash.replace(/0+$/, ''))).toEqual(['live']);
    expect((await world.em().find(AuthAttempt, { bucket: { $like: 'test-%' } })).map((a) => a.bucket)).toEqual(['test-recent']);
  });
});
