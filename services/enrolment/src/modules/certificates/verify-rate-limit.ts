import { countAttempt, type AttemptLimit, type CountedAttempt, type Em } from '@portal/service-kit';

/**
 * Against guessing codes on /verify: per address, at most VERIFY_MISSES_MAX unknown codes and
 * VERIFY_CHECKS_MAX checks in all within the window; then 429 with Retry-After. The kit's shared
 * attempt limits (rows in the database, so every instance counts alike): each check is counted as
 * a miss before the code is looked up, and stops counting as one when the code is found — so
 * concurrent guesses cannot outrun the limit (issue 25 D3).
 */
export const VERIFY_WINDOW_SECONDS = 15 * 60;
export const VERIFY_MISSES_MAX = 20;
export const VERIFY_CHECKS_MAX = 120;

export const VERIFY_LIMITS = {
  checks: (address: string): AttemptLimit => ({
    bucket: `verify-checks:${address}`,
    max: VERIFY_CHECKS_MAX,
    windowSeconds: VERIFY_WINDOW_SECONDS,
  }),
  misses: (address: string): AttemptLimit => ({
    bucket: `verify-misses:${address}`,
    max: VERIFY_MISSES_MAX,
    windowSeconds: VERIFY_WINDOW_SECONDS,
  }),
};

/** Counts one check (and one miss until the code is found); throws 429 when the address has used up either. */
export async function countVerifyCheck(em: Em, address: string, now: Date): Promise<{ found(): Promise<void> }> {
  const misses = VERIFY_LIMITS.misses(address);
  const attempt: CountedAttempt = await countAttempt(em, [VERIFY_LIMITS.checks(address), misses], now, 'certificate checks');
  return { found: () => attempt.withdraw([misses]) };
}
