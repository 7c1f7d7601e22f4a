import { CERTIFICATE_MESSAGES } from '@portal/contracts';
import { AppError } from '@portal/service-kit';

/**
 * Against guessing codes on /verify: per address, at most VERIFY_MISSES_MAX unknown codes and
 * VERIFY_CHECKS_MAX checks in all within the window; then 429 with Retry-After. Kept in this
 * process's memory (a code has 80 random bits, so the limit only has to make guessing pointless,
 * not to be exact across instances).
 */
export const VERIFY_WINDOW_MS = 15 * 60 * 1000;
export const VERIFY_MISSES_MAX = 20;
export const VERIFY_CHECKS_MAX = 120;

export function createVerifyLimiter() {
  const checks = new Map<string, number[]>();
  const misses = new Map<string, number[]>();
  const recent = (map: Map<string, number[]>, key: string, now: number) => {
    const kept = (map.get(key) ?? []).filter((t) => t > now - VERIFY_WINDOW_MS);
    if (kept.length) map.set(key, kept);
    else map.delete(key);
    return kept;
  };
  const refuse = (times: number[], now: number): never => {
    const seconds = Math.max(1, Math.ceil((times[0]! + VERIFY_WINDOW_MS - now) / 1000));
    throw new AppError('rate_limited', CERTIFICATE_MESSAGES.tooManyChecks, { retryAfterSeconds: seconds });
  };
  return {
    /** Throws 429 when the address has used up its checks; otherwise counts this one. */
    check(address: string, now: Date) {
      const at = now.getTime();
      const missed = recent(misses, address, at);
      if (missed.length >= VERIFY_MISSES_MAX) refuse(missed, at);
      const done = recent(checks, address, at);
      if (done.length >= VERIFY_CHECKS_MAX) refuse(done, at);
      checks.set(address, [...done, at]);
      if (checks.size > 100_000) checks.clear();
    },
    miss(address: string, now: Date) {
      const at = now.getTime();
      misses.set(address, [...recent(misses, address, at), at]);
      if (misses.size > 100_000) misses.clear();
    },
  };
}
