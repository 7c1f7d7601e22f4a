import { AppError, hashToken, type Em } from '@portal/service-kit';
import { addAttempt, deleteAttempts, recentAttemptTimes } from './auth-attempt.repository';

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The limits (decisions.md "Identity"). Failed sign-ins count per address and per
 * account-and-address, never per account alone: an attacker elsewhere cannot lock anyone out
 * (admins included), and each address is slowed to 30 guesses in 15 minutes. Login codes name no
 * account, so a guess is a guess at every code: they have a tighter per-address limit (10 in 15
 * minutes, 960 a day). Codes are 10 letters of 32 (50 bits): with 100,000 codes live, one address
 * needs on average 2^50 / (100,000 × 960) ≈ 11.7 million days, and a thousand addresses 32 years.
 */
export const LIMITS = {
  signInAccountAddress: (account: string, address: string): Limit => ({
    bucket: `signin-account-address:${hashToken(`${account}|${address}`)}`,
    max: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  signInAddress: (address: string): Limit => ({ bucket: `signin-address:${address}`, max: 30, windowSeconds: FIFTEEN_MINUTES }),
  loginCodeAddress: (address: string): Limit => ({ bucket: `login-code-address:${address}`, max: 10, windowSeconds: FIFTEEN_MINUTES }),
  mailAccount: (email: string): Limit => ({ bucket: `mail-account:${hashToken(email)}`, max: 3, windowSeconds: FIFTEEN_MINUTES }),
  mailAddress: (address: string): Limit => ({ bucket: `mail-address:${address}`, max: 20, windowSeconds: FIFTEEN_MINUTES }),
};

/** Seconds until the bucket has room again, or 0 when it has room now. */
export async function secondsUntilAllowed(em: Em, limit: Limit, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const recent = await recentAttemptTimes(em, limit.bucket, since, limit.max);
  if (recent.length < limit.max) return 0;
  const oldestCounted = recent[recent.length - 1]!.getTime();
  return Math.max(1, Math.ceil((oldestCounted + limit.windowSeconds * 1000 - now.getTime()) / 1000));
}

/** Throws 429 with Retry-After when any of the limits is used up. */
export async function assertWithinLimits(em: Em, limits: Limit[], now: Date, what: string): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await secondsUntilAllowed(em, limit, now));
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new AppError('rate_limited', `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfterSeconds: wait });
  }
}

export async function recordAttempt(em: Em, limits: Limit[], now: Date): Promise<void> {
  for (const limit of limits) {
    // Rows older than the window no longer count: drop them as the bucket is used.
    await addAttempt(em, limit.bucket, now, new Date(now.getTime() - limit.windowSeconds * 1000));
  }
  await em.flush();
}

export async function clearAttempts(em: Em, limit: Limit): Promise<void> {
  await deleteAttempts(em, limit.bucket);
}
