import { logger, type Mailer, type Orm } from '@portal/service-kit';
import { welcomeMail } from '../auth/auth-mail';
import { issueTokens } from '../auth/user-token.repository';

/** A welcome link works longer than a requested one: the learner may open the mail days later. */
export const WELCOME_LINK_TTL_DAYS = 7;
/** Mails in flight at once: an SMTP server is not flooded by a batch of 10,000. */
export const WELCOME_MAIL_CONCURRENCY = 4;

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
 * Welcome mails for learners whose rows are committed: sign-in links issued in one batch, then
 * the mails sent a few at a time. Meant to run in the background (`void`): it never throws, a
 * failed mail is logged. The job queue (a later issue) will take this over, one job per batch.
 */
export async function sendWelcomeMails(context: WelcomeMailContext, recipients: WelcomeRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  let tokens: string[];
  try {
    tokens = await issueTokens(context.orm.em.fork(), {
      userIds: recipients.map((r) => r.id),
      purpose: 'login_link',
      ttlMinutes: WELCOME_LINK_TTL_DAYS * 24 * 60,
      now: context.now,
    });
  } catch (error) {
    logger.error('welcome mails not sent: the sign-in links could not be issued', { count: recipients.length, error: String(error) });
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < recipients.length) {
      const i = next++;
      const learner = recipients[i]!;
      const mail = welcomeMail(learner.email, learner.name, learner.loginCode, `${context.appUrl}/login/link/${tokens[i]}`, WELCOME_LINK_TTL_DAYS);
      try {
        await context.mailer.send(mail);
      } catch (error) {
        logger.error('mail failed', { subject: mail.subject, userId: learner.id, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WELCOME_MAIL_CONCURRENCY, recipients.length) }, worker));
}
