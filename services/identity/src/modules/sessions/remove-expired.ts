import type { Em } from '@portal/service-kit';
import { Session } from '../../data/session.entity';
import { UserToken } from '../../data/user-token.entity';
import { AuthAttempt } from '../../data/auth-attempt.entity';
import { deleteEmptyAttemptBuckets } from './sessions.statements';

/** Rate-limit windows are 15 minutes; a day leaves every counted attempt alone. */
const ATTEMPTS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduler's clean-up (gateway `scheduledTasks`): sessions and emailed tokens past their
 * expiry, used tokens, and rate-limit attempts too old to count. Each is refused anyway once
 * expired; this keeps the tables small.
 */
export async function removeExpiredSessionsAndTokens(em: Em, now: Date): Promise<{ sessions: number; tokens: number; attempts: number }> {
  const sessions = await em.nativeDelete(Session, { expiresAt: { $lte: now } });
  const tokens = await em.nativeDelete(UserToken, { $or: [{ expiresAt: { $lte: now } }, { usedAt: { $ne: null } }] });
  const attempts = await em.nativeDelete(AuthAttempt, { createdAt: { $lte: new Date(now.getTime() - ATTEMPTS_KEPT_MS) } });
  // A bucket's lock row without attempts left; one in use meanwhile is made again by countAttempt.
  await deleteEmptyAttemptBuckets(em);
  return { sessions, tokens, attempts };
}
