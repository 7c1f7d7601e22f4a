import { logger, type Mailer, type Orm } from '@portal/service-kit';
import { welcomeMail } from '../auth/auth-mail';
import { issueTokens } from '../auth/user-token.repository';

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
 * Welcome mails for learners whose rows are committed: sign-in links issued in one batch, then the
 * mails queued in one batch insert (the job queue delivers them). It never throws: a learner
 * exists whether or not their welcome could be queued, and the failure is logged.
 */
export async function sendWelcomeMails(context: WelcomeMailContext, recipients: WelcomeRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  try {
    const tokens = await issueTokens(context.orm.em.fork(), {
      userIds: recipients.map((r) => r.id),
      purpose: 'login_link',
      ttlMinutes: WELCOME_LINK_TTL_DAYS * 24 * 60,
      now: context.now,
    });
    await context.mailer.sendMany(
      recipients.map((learner, i) => welcomeMail(learner.email, learner.name, learner.loginCode, `${context.appUrl}/login/link/${tokens[i]}`, WELCOME_LINK_TTL_DAYS)),
    );
  } catch (error) {
    logger.error('welcome mails not queued', { count: recipients.length, error: String(error) });
  }
}
