import { hashToken, randomToken, type Em } from '@portal/service-kit';
import { UserToken, type TokenPurpose } from './user-token.entity';

/** Issues a token (only its hash is stored); earlier unused tokens of the same purpose stop working. */
export async function issueToken(em: Em, input: { userId: number; purpose: TokenPurpose; ttlMinutes: number; now: Date; email?: string }): Promise<string> {
  const token = randomToken(32);
  await em.nativeDelete(UserToken, { userId: input.userId, purpose: input.purpose, usedAt: null });
  em.create(UserToken, {
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(input.now.getTime() + input.ttlMinutes * 60 * 1000),
    usedAt: null,
    createdAt: input.now,
    email: input.email ?? null,
  });
  await em.flush();
  return token;
}

/**
 * Issues one token of this purpose to each of these users in batched inserts (for new accounts:
 * no earlier token is withdrawn). Returns each user's token, in the order given.
 */
export async function issueTokens(em: Em, input: { userIds: number[]; purpose: TokenPurpose; ttlMinutes: number; now: Date }): Promise<string[]> {
  const expiresAt = new Date(input.now.getTime() + input.ttlMinutes * 60 * 1000);
  const issued = input.userIds.map((userId) => ({ userId, token: randomToken(32) }));
  const rows = issued.map(({ userId, token }) => ({ userId, purpose: input.purpose, tokenHash: hashToken(token), expiresAt, usedAt: null, createdAt: input.now }));
  for (let i = 0; i < rows.length; i += 500) await em.insertMany(UserToken, rows.slice(i, i + 500));
  return issued.map(({ token }) => token);
}

/** The token's row when it is of this purpose, unused and unexpired (it is not used up yet). */
export async function findLiveToken(em: Em, token: string, purpose: TokenPurpose, now: Date) {
  return em.findOne(UserToken, { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { $gt: now } });
}

/**
 * Marks the token used. One conditional UPDATE, so of two simultaneous uses exactly one wins.
 * Returns the user id, or null when the token was not live.
 */
export async function consumeToken(em: Em, token: string, purpose: TokenPurpose, now: Date): Promise<number | null> {
  const live = await findLiveToken(em, token, purpose, now);
  if (!live) return null;
  const changed = await em.nativeUpdate(UserToken, { id: live.id, usedAt: null }, { usedAt: now });
  return changed === 1 ? live.userId : null;
}

/** A user's tokens that are not used yet stop working (a new password ends every emailed link). */
export async function deleteUnusedTokensOfUser(em: Em, userId: number) {
  await em.nativeDelete(UserToken, { userId, usedAt: null });
}

export async function deleteTokensOfUsers(em: Em, userIds: number[]) {
  if (userIds.length) await em.nativeDelete(UserToken, { userId: { $in: userIds } });
}
