import { randomBytes } from 'node:crypto';
import { emailField, USER_MESSAGES, type Role } from '@portal/contracts';
import type { Principal } from '../auth/principal';
import type { CompanySummary, IdentityPort, NotificationSetting, UserSummary } from '../ports/identity.port';

/** A company as a test seeds it: a plain object, its notification settings on unless told (as identity has them). */
export interface FakeCompany {
  id: number;
  name: string;
  parentId?: number | null;
  /** The main account email (companies.email). */
  email?: string | null;
  managerEmail?: string | null;
  sendCertificate?: boolean;
  sendReport?: boolean;
  sendExpiryReport?: boolean;
}

/** A user as a test seeds it. */
export interface FakeUser {
  id: number;
  name: string;
  email?: string | null;
  companyId: number;
  role: Role;
  loginCode?: string | null;
  /** Bought through the shop (users.wp_user). */
  purchasedAccount?: boolean;
  anonymised?: boolean;
  /** Got a welcome mail (or signed in): sendMissingWelcomes leaves them out. True unless told. */
  welcomed?: boolean;
}

export interface FakeIdentitySeed {
  companies?: FakeCompany[];
  users?: FakeUser[];
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const loginCode = () => Array.from(randomBytes(10), (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');

/**
 * Identity's port in memory, for the tests of services that depend on identity and run without
 * it. Seeded from plain objects; `company`, `user` and `signIn` add more as a test goes. It keeps
 * what identity's real port promises (the shared contract, `describeIdentityPortContract`, runs
 * against both), and records the welcome mails it would send.
 */
export function createFakeIdentityPort(seed: FakeIdentitySeed = {}) {
  const companies = new Map<number, Required<FakeCompany>>();
  const users = new Map<number, Required<FakeUser>>();
  /** Session token → session id and user. */
  const sessions = new Map<string, { sessionId: string; userId: number; companyId: number }>();
  const welcomes: { userId: number; email: string }[] = [];
  const nextId = (map: Map<number, unknown>) => Math.max(0, ...map.keys()) + 1;

  function company(input: Partial<FakeCompany> & { name?: string } = {}): Required<FakeCompany> {
    const row: Required<FakeCompany> = {
      id: input.id ?? nextId(companies),
      name: input.name ?? `Company ${randomBytes(4).toString('hex')}`,
      parentId: input.parentId ?? null,
      email: input.email ?? null,
      managerEmail: input.managerEmail ?? null,
      sendCertificate: input.sendCertificate ?? true,
      sendReport: input.sendReport ?? true,
      sendExpiryReport: input.sendExpiryReport ?? true,
    };
    companies.set(row.id, row);
    return row;
  }
  function user(input: Partial<FakeUser> & { companyId: number; role: Role }): Required<FakeUser> {
    const tag = randomBytes(4).toString('hex');
    const row: Required<FakeUser> = {
      id: input.id ?? nextId(users),
      name: input.name ?? `${input.role} ${tag}`,
      email: input.email === undefined ? `${input.role}-${tag}@example.test` : input.email,
      companyId: input.companyId,
      role: input.role,
      loginCode: input.loginCode ?? null,
      purchasedAccount: input.purchasedAccount ?? false,
      anonymised: input.anonymised ?? false,
      welcomed: input.welcomed ?? true,
    };
    users.set(row.id, row);
    return row;
  }
  /** A session for the user (acting for `companyId` when an admin mimics one); its token. */
  function signIn(userId: number, options: { companyId?: number } = {}): string {
    const found = users.get(userId);
    if (!found) throw new Error(`No user ${userId} to sign in`);
    const token = randomBytes(16).toString('hex');
    sessions.set(token, { sessionId: randomBytes(8).toString('hex'), userId, companyId: options.companyId ?? found.companyId });
    return token;
  }
  seed.companies?.forEach((c) => company(c));
  seed.users?.forEach((u) => user(u));

  const summary = (u: Required<FakeUser>): UserSummary => ({
    id: u.id,
    name: u.name,
    email: u.email,
    companyId: u.companyId,
    role: u.role,
    purchasedAccount: u.purchasedAccount,
  });
  const companySummary = (c: Required<FakeCompany>): CompanySummary => ({ id: c.id, name: c.name, parentId: c.parentId, email: c.email });
  const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.localeCompare(b.name) || a.id - b.id;
  const emailTaken = (email: string, exceptUserId?: number) =>
    [...users.values()].some((u) => u.email?.toLowerCase() === email.toLowerCase() && u.id !== exceptUserId);
  const known = <T>(ids: number[], map: Map<number, T>) => [...new Set(ids)].flatMap((id) => (map.has(id) ? [map.get(id) as T] : []));
  const settingOf: Record<NotificationSetting, 'sendCertificate' | 'sendReport' | 'sendExpiryReport'> = {
    send_certificate: 'sendCertificate',
    send_report: 'sendReport',
    send_expiry_report: 'sendExpiryReport',
  };

  const port: IdentityPort = {
    async resolvePrincipal(token) {
      const session = sessions.get(token);
      const found = session && users.get(session.userId);
      if (!session || !found) return null;
      const principal: Principal = {
        userId: found.id,
        sessionId: session.sessionId,
        name: found.name,
        email: found.email,
        role: found.role,
        companyId: session.companyId,
        homeCompanyId: found.companyId,
        isMimicking: session.companyId !== found.companyId,
      };
      return principal;
    },
    async companyParentId(companyId) {
      const found = companies.get(companyId);
      return found ? found.parentId : undefined;
    },
    async usersByIds(ids) {
      return known(ids, users).map((u) => ({ ...summary(u), anonymised: u.anonymised }));
    },
    async endSession(token) {
      sessions.delete(token);
    },
    async isSessionLive(sessionId) {
      return [...sessions.values()].some((s) => s.sessionId === sessionId);
    },
    async companyById(companyId) {
      const found = companies.get(companyId);
      return found ? companySummary(found) : null;
    },
    async companyByEmail(email) {
      const address = email.trim().toLowerCase();
      const all = [...companies.values()];
      const found = all.find((c) => c.email?.toLowerCase() === address) ?? all.find((c) => c.managerEmail?.toLowerCase() === address);
      return found ? companySummary(found) : null;
    },
    async usersByEmails(companyId, emails) {
      const addresses = new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean));
      const companyIds = new Set([companyId, ...[...companies.values()].filter((c) => c.parentId === companyId).map((c) => c.id)]);
      const found = [...users.values()].filter(
        (u) => u.email !== null && addresses.has(u.email.toLowerCase()) && companyIds.has(u.companyId),
      );
      return found.map(summary);
    },
    async createLearners(companyId, learners, options = {}) {
      if (!companies.has(companyId)) throw new Error('That company was not found');
      const seen = new Set<string>();
      return learners.map((learner) => {
        const name = (learner.name ?? '').trim().slice(0, 191);
        const rawEmail = (learner.email ?? '').trim();
        const fail = (reason: string) => ({ ok: false as const, name, email: rawEmail || null, reason });
        if (!name) return fail('Name is required');
        const parsed = rawEmail ? emailField.safeParse(rawEmail) : null;
        if (parsed && !parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
        const email = parsed?.data ?? null;
        if (email && seen.has(email)) return fail(USER_MESSAGES.emailRepeated);
        if (email) seen.add(email);
        if (email && emailTaken(email)) return { ok: false as const, name, email, reason: USER_MESSAGES.emailTaken };
        const created = user({
          name,
          email,
          companyId,
          role: 'learner',
          loginCode: loginCode(),
          purchasedAccount: options.purchased ?? false,
        });
        if (created.email) welcomes.push({ userId: created.id, email: created.email });
        return { ok: true as const, user: { ...summary(created), loginCode: created.loginCode ?? '' } };
      });
    },
    async sendMissingWelcomes(userIds) {
      const due = known(userIds, users).filter((u) => u.role === 'learner' && u.email !== null && !u.welcomed);
      for (const u of due) {
        u.welcomed = true;
        welcomes.push({ userId: u.id, email: u.email ?? '' });
      }
      return due.length;
    },
    async companyDepots(companyId) {
      return [...companies.values()]
        .filter((c) => c.parentId === companyId)
        .sort(byName)
        .map(companySummary);
    },
    async certificateRecipients(companyId) {
      const found = companies.get(companyId);
      if (!found) return { sendCertificate: false, managerEmails: [] };
      const managers = [...users.values()].filter((u) => u.companyId === companyId && u.role === 'manager' && u.email);
      return { sendCertificate: found.sendCertificate, managerEmails: managers.map((m) => m.email ?? '') };
    },
    async loginCodes(userIds) {
      return userIds.map((userId) => ({ userId, loginCode: users.get(userId)?.loginCode ?? null }));
    },
    async userLabels(ids) {
      return known(ids, users).map((u) => ({ id: u.id, name: u.name, email: u.email, loginCode: u.loginCode }));
    },
    async signInLinks(userIds, ttlDays) {
      return known(userIds, users).map((u) => ({
        userId: u.id,
        name: u.name,
        email: u.email,
        loginCode: u.loginCode,
        url: `http://portal.test/login/link/fake-${u.id}-${ttlDays}d-${randomBytes(6).toString('hex')}`,
      }));
    },
    async updateLearner(userId, changes): ReturnType<IdentityPort['updateLearner']> {
      const found = users.get(userId);
      if (!found) return { ok: false as const, errors: { name: ['That learner no longer exists.'] } };
      if (changes.email && emailTaken(changes.email, userId)) return { ok: false as const, errors: { email: [USER_MESSAGES.emailTaken] } };
      Object.assign(found, { name: changes.name, email: changes.email, companyId: changes.companyId });
      return { ok: true as const, user: summary(found) };
    },
    async managersOf(companyIds) {
      const ids = new Set(companyIds);
      return [...users.values()]
        .filter((u) => u.role === 'manager' && ids.has(u.companyId))
        .sort((a, b) => a.id - b.id)
        .map(summary);
    },
    async companiesWithSetting(setting) {
      return [...companies.values()]
        .filter((c) => c[settingOf[setting]])
        .sort((a, b) => a.id - b.id)
        .map(companySummary);
    },
  };
  return { port, companies, users, company, user, signIn, welcomes };
}

export type FakeIdentity = ReturnType<typeof createFakeIdentityPort>;
