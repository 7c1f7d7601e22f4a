import { hashToken, randomToken, type Em, type Orm, type Principal, SESSION_TTL_SECONDS } from '@portal/service-kit';
import { Session } from './session.entity';
import { sessionExpiry, sessionWithUser } from './session.statements';
import { Company } from './company.entity';

// Refresh last_seen/expiry at most this often, so most requests do not write.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export async function createSession(em: Em, input: { userId: number; ip?: string | null; userAgent?: string | null; now?: Date }) {
  const token = randomToken();
  const now = input.now ?? new Date();
  em.create(Session, {
    id: hashToken(token),
    userId: input.userId,
    mimicCompanyId: null,
    ipAddress: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 255) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  await em.flush();
  return token;
}

export async function deleteSession(em: Em, token: string) {
  await em.nativeDelete(Session, { id: hashToken(token) });
}

export async function deleteSessionsOfUser(em: Em, userId: number) {
  await em.nativeDelete(Session, { userId });
}

/** Ends a user's sessions but one (the browser that made the change keeps its own). */
export async function deleteOtherSessions(em: Em, userId: number, keepSessionId: string | null) {
  await em.nativeDelete(Session, keepSessionId ? { userId, id: { $ne: keepSessionId } } : { userId });
}

export async function deleteSessionsOfUsers(em: Em, userIds: number[]) {
  if (userIds.length) await em.nativeDelete(Session, { userId: { $in: userIds } });
}

/** An admin's session acts for this company (null: for their own again). */
export async function setMimicCompany(em: Em, sessionId: string, companyId: number | null) {
  await em.nativeUpdate(Session, { id: sessionId }, { mimicCompanyId: companyId });
}

/** Sessions mimicking any of these companies stop mimicking them. */
export async function stopMimicking(em: Em, companyIds: number[]) {
  if (companyIds.length) await em.nativeUpdate(Session, { mimicCompanyId: { $in: companyIds } }, { mimicCompanyId: null });
}

/** Raw rows carry dates as epoch milliseconds (SQLite) or Date objects (MySQL). */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
}


/**
 * The principal behind a session cookie, or null when the session is unknown or expired. Read
 * from the database on every call (no cache: a revoked session ends at once on every instance).
 * Given the ORM, an entity manager is made only to write (end an expired session, extend a live one).
 */
export async function resolvePrincipal(from: Em | Orm, token: string, now = new Date()): Promise<Principal | null> {
  const sessionId = hashToken(token);
  const rows = await sessionWithUser(from, sessionId);
  const row = rows[0];
  if (!row) return null;
  if (toDate(row.expires_at).getTime() <= now.getTime()) {
    await writer(from).nativeDelete(Session, { id: sessionId });
    return null;
  }
  if (now.getTime() - toDate(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    await writer(from).nativeUpdate(Session, { id: sessionId }, { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000) });
  }
  const isMimicking = row.role === 'admin' && row.mimic_company_id != null;
  return {
    userId: Number(row.user_id),
    sessionId,
    name: row.name,
    email: row.email ?? null,
    role: row.role,
    companyId: isMimicking ? Number(row.mimic_company_id) : Number(row.company_id),
    homeCompanyId: Number(row.company_id),
    isMimicking,
  };
}


/** The session with this id exists and has not expired (signing out, a password change or removal delete it). Read, never written. */
export async function isSessionLive(from: Em | Orm, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await sessionExpiry(from, sessionId);
  return !!row && toDate(row.expires_at).getTime() > now.getTime();
}

function writer(from: Em | Orm): Em {
  return 'em' in from ? from.em.fork() : from;
}

export async function companyNameOf(em: Em, companyId: number): Promise<string> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['name'] });
  return company?.name ?? '';
}
