import { USER_MESSAGES } from '@portal/contracts';
import { joinPortTransaction, type IdentityPort, type PortContext } from '@portal/service-kit';
import { User } from '../data/user.entity';
import { createLearners, type LearnerResult } from '../modules/learners/create-learners';
import { queueWelcomeMails, sendMissingWelcomes, sendWelcomeMails } from '../modules/learners/welcome-mail';
import { issueTokens } from '../data/user-token.repository';
import { isEmailTaken } from '../data/user.repository';

type LearnerCalls = 'createLearners' | 'sendMissingWelcomes' | 'loginCodes' | 'signInLinks' | 'updateLearner';

const welcomesOf = (results: LearnerResult[]) =>
  results.flatMap((r) =>
    r.ok && r.user.email ? [{ id: r.user.id, name: r.user.name, email: r.user.email, loginCode: r.user.loginCode }] : [],
  );

/** The identity port's learner accounts: created with their welcome mails, their sign-in codes and links, edited. */
export function learnerPort(context: PortContext): Pick<IdentityPort, LearnerCalls> {
  const { orm, now } = context;
  return {
    async createLearners(companyId, learners, options = {}) {
      const at = now();
      const mail = { mailer: context.mailer, appUrl: context.env.appUrl, now: at };
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
  };
}
