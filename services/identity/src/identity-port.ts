import { type Role, USER_MESSAGES } from '@portal/contracts';
import {
  joinPortTransaction,
  rowBoolean,
  type CompanySummary,
  type IdentityPort,
  type PortContext,
  type UserLabel,
  type UserSummary,
} from '@portal/service-kit';
import { deleteSession, isSessionLive, resolvePrincipal } from './data/session.repository';
import { Company } from './data/company.entity';
import { User } from './data/user.entity';
import { createLearners, type LearnerResult } from './modules/learners/create-learners';
import { queueWelcomeMails, sendMissingWelcomes, sendWelcomeMails } from './modules/learners/welcome-mail';
import { issueTokens } from './data/user-token.repository';
import { isEmailTaken } from './data/user.repository';
import { userLabelRows, usersWithIds } from './data/user.statements';

/** Identity's front door (kit `IdentityPort`): each call runs on its own entity manager. */
export function createIdentityPort(context: PortContext): IdentityPort {
  const { orm, now } = context;
  return {
    resolvePrincipal: (token) => resolvePrincipal(orm, token, now()),
    async companyParentId(companyId) {
      const company = await orm.em.fork().findOne(Company, { id: companyId }, { fields: ['parentId'] });
      return company ? (company.parentId ?? null) : undefined;
    },
    // Plain rows: the learner dashboard asks on every visit.
    async usersByIds(ids) {
      if (ids.length === 0) return [];
      const users = await usersWithIds(orm, [...new Set(ids)]);
      return users.map((u) => ({
        ...toUserSummary({
          id: Number(u.id),
          name: u.name,
          email: u.email,
          companyId: Number(u.company_id),
          role: u.role,
          wpUser: rowBoolean(u.wp_user),
        }),
        anonymised: u.anonymised_at !== null && u.anonymised_at !== undefined,
      }));
    },
    endSession: (token) => deleteSession(orm.em.fork(), token),
    isSessionLive: (sessionId) => isSessionLive(orm, sessionId, now()),
    async companyById(companyId) {
      const company = await orm.em.fork().findOne(Company, { id: companyId }, { fields: ['id', 'name', 'parentId', 'email'] });
      return company ? toCompanySummary(company) : null;
    },
    async certificateRecipients(companyId) {
      const em = orm.em.fork();
      const company = await em.findOne(Company, { id: companyId }, { fields: ['id', 'sendCertificate'] });
      if (!company) return { sendCertificate: false, managerEmails: [] };
      const managers = await em.find(User, { companyId, role: 'manager', email: { $ne: null } }, { fields: ['id', 'email'] });
      return { sendCertificate: company.sendCertificate, managerEmails: managers.flatMap((m) => (m.email ? [m.email] : [])) };
    },
    async companyByEmail(email) {
      const address = email.trim().toLowerCase();
      const em = orm.em.fork();
      const company =
        (await em.findOne(Company, { email: address }, { fields: ['id', 'name', 'parentId', 'email'] })) ??
        (await em.findOne(Company, { managerEmail: address }, { fields: ['id', 'name', 'parentId', 'email'] }));
      return company ? toCompanySummary(company) : null;
    },
    async usersByEmails(companyId, emails) {
      const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      if (addresses.length === 0) return [];
      const em = orm.em.fork();
      const depots = await em.find(Company, { parentId: companyId }, { fields: ['id'] });
      const companyIds = [companyId, ...depots.map((d) => d.id)];
      const users: { id: number; name: string; email?: string | null; companyId: number; role: Role; wpUser: boolean }[] = [];
      // In chunks: an IN list of 10,000 addresses is too long for some drivers.
      for (let i = 0; i < addresses.length; i += 1000) {
        users.push(
          ...(await em.find(
            User,
            { email: { $in: addresses.slice(i, i + 1000) }, companyId: { $in: companyIds } },
            { fields: ['id', 'name', 'email', 'companyId', 'role', 'wpUser'] },
          )),
        );
      }
      return users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email ?? null,
        companyId: u.companyId,
        role: u.role,
        purchasedAccount: u.wpUser,
      }));
    },
    async createLearners(companyId, learners, options = {}) {
      const at = now();
      const mail = { mailer: context.mailer, appUrl: context.env.appUrl, now: at };
      const welcomesOf = (results: LearnerResult[]) =>
        results.flatMap((r) =>
          r.ok && r.user.email ? [{ id: r.user.id, name: r.user.name, email: r.user.email, loginCode: r.user.loginCode }] : [],
        );
      if (options.transaction) {
        // In the caller's transaction: accounts, sign-in links and welcome jobs commit with its work or not at all.
        const em = joinPortTransaction(options.transaction);
        const results = await createLearners(em, companyId, learners, { purchased: options.purchased ?? false, now: at });
        await queueWelcomeMails(em, mail, welcomesOf(results));
        return results;
      }
      const results = await createLearners(orm.em.fork(), companyId, learners, { purchased: options.purchased ?? false, now: at });
      // After the rows commit, queued in one batch: the call never waits for mail delivery.
      await sendWelcomeMails({ orm, ...mail }, welcomesOf(results));
      return results;
    },
    async sendMissingWelcomes(userIds, options = {}) {
      const mail = { mailer: context.mailer, appUrl: context.env.appUrl, now: now() };
      if (options.transaction) return sendMissingWelcomes(joinPortTransaction(options.transaction), mail, userIds);
      return orm.em.fork().transactional((tx) => sendMissingWelcomes(tx, mail, userIds));
    },
    async loginCodes(userIds) {
      const ids = [...new Set(userIds)];
      const users = ids.length ? await orm.em.fork().find(User, { id: { $in: ids } }, { fields: ['id', 'loginCode'] }) : [];
      const codes = new Map(users.map((u) => [u.id, u.loginCode ?? null]));
      return userIds.map((userId) => ({ userId, loginCode: codes.get(userId) ?? null }));
    },
    // Plain rows: an export asks for 20,000 learners at a time.
    async userLabels(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const em = orm.em.fork();
      const labels: UserLabel[] = [];
      // In chunks: an IN list of 10,000 ids is too long for some drivers.
      for (let i = 0; i < unique.length; i += 5000) {
        const rows = await userLabelRows(em, unique.slice(i, i + 5000));
        for (const u of rows) labels.push({ id: Number(u.id), name: u.name, email: u.email ?? null, loginCode: u.login_code ?? null });
      }
      return labels;
    },
    async companyDepots(companyId) {
      const depots = await orm.em
        .fork()
        .find(Company, { parentId: companyId }, { fields: ['id', 'name', 'parentId', 'email'], orderBy: { name: 'asc', id: 'asc' } });
      return depots.map(toCompanySummary);
    },
    async signInLinks(userIds, ttlDays) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return [];
      const em = orm.em.fork();
      const users = await em.find(User, { id: { $in: ids } }, { fields: ['id', 'name', 'email', 'loginCode'] });
      const tokens = await issueTokens(em, {
        userIds: users.map((u) => u.id),
        purpose: 'login_link',
        ttlMinutes: ttlDays * 24 * 60,
        now: now(),
      });
      return users.map((u, i) => ({
        userId: u.id,
        name: u.name,
        email: u.email ?? null,
        loginCode: u.loginCode ?? null,
        url: `${context.env.appUrl}/login/link/${tokens[i]}`,
      }));
    },
    async updateLearner(userId, changes): ReturnType<IdentityPort['updateLearner']> {
      const em = orm.em.fork();
      const user = await em.findOne(User, { id: userId });
      if (!user) return { ok: false, errors: { name: ['That learner no longer exists.'] } };
      if (changes.email && (await isEmailTaken(em, changes.email, userId)))
        return { ok: false, errors: { email: [USER_MESSAGES.emailTaken] } };
      user.name = changes.name;
      user.email = changes.email;
      user.companyId = changes.companyId;
      await em.flush();
      return {
        ok: true,
        user: {
          id: user.id,
          name: user.name,
          email: user.email ?? null,
          companyId: user.companyId,
          role: user.role,
          purchasedAccount: user.wpUser,
        },
      };
    },
    async managersOf(companyIds) {
      const ids = [...new Set(companyIds)];
      const managers = await orm.em
        .fork()
        .find(
          User,
          { companyId: { $in: ids }, role: 'manager' },
          { fields: ['id', 'name', 'email', 'companyId', 'role', 'wpUser'], orderBy: { id: 'asc' } },
        );
      return managers.map(toUserSummary);
    },
    async companiesWithSetting(setting) {
      const field = ({ send_certificate: 'sendCertificate', send_report: 'sendReport', send_expiry_report: 'sendExpiryReport' } as const)[
        setting
      ];
      const companies = await orm.em
        .fork()
        .find(Company, { [field]: true }, { fields: ['id', 'name', 'parentId', 'email'], orderBy: { id: 'asc' } });
      return companies.map(toCompanySummary);
    },
  };
}

function toUserSummary(u: {
  id: number;
  name: string;
  email?: string | null;
  companyId: number;
  role: Role;
  wpUser: boolean;
}): UserSummary {
  return { id: u.id, name: u.name, email: u.email ?? null, companyId: u.companyId, role: u.role, purchasedAccount: u.wpUser };
}

function toCompanySummary(company: { id: number; name: string; parentId?: number | null; email?: string | null }): CompanySummary {
  return { id: company.id, name: company.name, parentId: company.parentId ?? null, email: company.email ?? null };
}
