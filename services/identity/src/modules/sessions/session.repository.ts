import { hashToken, randomToken, type Em, type Principal } from '@portal/service-kit';
import { SESSION_TTL_SECONDS } from '@portal/service-kit';
import type { Role } from '@portal/contracts';
import { Session } from './session.entity';
import { User } from '../users/user.entity';
import { Company } from '../companies/company.entity';

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

/** The principal behind a session cookie, or null when the session is unknown or expired. */
export async function resolvePrincipal(em: Em, token: string, now = new Date()): Promise<Principal | null> {
  const session = await em.findOne(Session, { id: hashToken(token) });
  if (!session) return null;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await em.nativeDelete(Session, { id: session.id });
    return null;
  }
  const user = await em.findOne(User, { id: session.userId });
  if (!user) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    session.lastSeenAt = now;
    session.expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await em.flush();
  }
  const isMimicking = user.role === 'admin' && session.mimicCompanyId != null;
  return {
    userId: user.id,
    sessionId: session.id,
    name: user.name,
    email: user.email ?? null,
    role: user.role as Role,
    companyId: isMimicking ? session.mimicCompanyId! : user.companyId,
    homeCompanyId: user.companyId,
    isMimicking,
  };
}

export async function companyNameOf(em: Em, companyId: number): Promise<string> {
  const company = await em.findOne(Company, { id: companyId }, { fields: ['name'] });
  return company?.name ?? '';
}
