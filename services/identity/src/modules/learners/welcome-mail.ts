import { logger, type Em, type Mailer, type Orm } from '@portal/service-kit';
import { welcomeMail } from '../auth/auth-mail';
import { issueTokens } from '../../data/user-token.repository';
import { User } from '../../data/user.entity';
import { SignInRecord } from '../../data/sign-in-record.entity';

/** A welcome link works longer than a requested one: the learner may open the mail days later. */
export const WELCOME_LINK_TTL_DAYS = 7;
export interface WelcomeMailContext {
  orm: Orm;
  mailer: Mailer;
  appUrl: string;
  now: Date;
}

export interface WelcomeRecipient {
  id: number;
  name: string;
  email: string;
  loginCode: string | null;
}

/**
 * Welcome mails written on `em` — inside the caller's transaction when it has one, so they exist
 * exactly when the accounts (or enrolments) they belong to commit (issue 25 D5): sign-in links
 * issued in one batch, the mails queued in one batch insert (the job queue delivers them), and
 * the users marked welcomed. Throws on failure, so the caller's work rolls back with it.
 */
export async function queueWelcomeMails(em: Em, context: Omit<WelcomeMailContext, 'orm'>, recipients: WelcomeRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  const tokens = await issueTokens(em, {
    userIds: recipients.map((r) => r.id),
    purpose: 'login_link',
    ttlMinutes: WELCOME_LINK_TTL_DAYS * 24 * 60,
    now: context.now,
  });
  await context.mailer.sendMany(
    recipients.map((learner, i) =>
      welcomeMail(learner.email, learner.name, learner.loginCode, `${context.appUrl}/login/link/${tokens[i]}`, WELCOME_LINK_TTL_DAYS),
    ),
    { em },
  );
  for (let i = 0; i < recipients.length; i += 1000) {
    await em.nativeUpdate(User, { id: { $in: recipients.slice(i, i + 1000).map((r) => r.id) } }, { welcomedAt: context.now });
  }
}

/**
 * Welcome mails for learners whose rows are already committed (an admin adding one learner), on a
 * transaction of their own. It never throws: the learner exists whether or not their welcome could
 * be queued (the failure is logged; the learner stays unwelcomed, so their next enrolment sends it).
 */
export async function sendWelcomeMails(context: WelcomeMailContext, recipients: WelcomeRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  try {
    await context.orm.em.fork().transactional((tx) => queueWelcomeMails(tx, context, recipients));
  } catch (error) {
    logger.error('welcome mails not queued', { count: recipients.length, error: String(error) });
  }
}

/**
 * Of these users, the learners with an email who were never welcomed, have no password and never
 * signed in: their welcome goes out now (identity port `sendMissingWelcomes`). Returns how many.
 */
export async function sendMissingWelcomes(em: Em, context: Omit<WelcomeMailContext, 'orm'>, userIds: number[]): Promise<number> {
  const recipients: WelcomeRecipient[] = [];
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const users = await em.find(
      User,
      { id: { $in: chunk }, role: 'learner', email: { $ne: null }, welcomedAt: null, passwordHash: null },
      { fields: ['id', 'name', 'email', 'loginCode'] },
    );
    if (users.length === 0) continue;
    const signedIn = new Set(
      (await em.find(SignInRecord, { userId: { $in: users.map((u) => u.id) } }, { fields: ['userId'] })).map((r) => r.userId),
    );
    for (const { id, name, email, loginCode } of users) {
      // The query asked for an email; the check only tells the compiler.
      if (!signedIn.has(id) && email != null) recipients.push({ id, name, email, loginCode: loginCode ?? null });
    }
  }
  await queueWelcomeMails(em, context, recipients);
  return recipients.length;
}
