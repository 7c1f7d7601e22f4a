import { IDENTITY_MESSAGES, LOGIN_LINK_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '@portal/contracts';
import { z } from 'zod';
import { AppError, defineJob, hashPassword, type Em, type JobDefinition, type JobQueue, type Mailer, type Orm } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { findUser, findUserByEmail, setPasswordHash } from '../../data/user.repository';
import { deleteOtherSessions } from '../../data/session.repository';
import { loginLinkMail, resetPasswordMail } from './auth-mail';
import { countAttempt, LIMITS } from './rate-limit';
import { consumeToken, deleteUnusedTokensOfUser, findLiveToken, issueToken } from '../../data/user-token.repository';
import { adoptSetUpEmail } from '../credentials/change-credentials';
import { assertUniqueIdentity } from '../credentials/unique-identity';

interface MailRequest {
  em: Em;
  jobs: JobQueue;
  email: string;
  address: string;
  now: Date;
}

export const EMAILED_LINK_JOB = 'identity.emailed-link';
const emailedLinkPayload = z.object({ kind: z.enum(['login_link', 'reset']), email: z.string() });

/**
 * The shared shape of both mail requests: the same limits, the same answer and the same work
 * whether or not the email belongs to someone: the request only queues a job, and the job looks
 * the email up, issues the link and mails it. So an unknown email cannot be told apart by time.
 */
async function handleMailRequest(input: MailRequest, kind: z.infer<typeof emailedLinkPayload>['kind']): Promise<void> {
  const limits = [LIMITS.mailAccount(input.email), LIMITS.mailAddress(input.address)];
  await countAttempt(input.em, limits, input.now, 'email requests');
  await input.jobs.enqueue(EMAILED_LINK_JOB, { kind, email: input.email });
}

export const requestLoginLink = (input: MailRequest) => handleMailRequest(input, 'login_link');
export const requestPasswordReset = (input: MailRequest) => handleMailRequest(input, 'reset');

/**
 * The job behind both mail requests: nothing for an unknown email, otherwise a fresh link
 * (replacing older ones of its kind) mailed to the account. `deps` is read when the job runs.
 */
export function emailedLinkJob(
  deps: () => { orm: Orm; mailer: Mailer; env: { appUrl: string } },
): JobDefinition<z.infer<typeof emailedLinkPayload>> {
  return defineJob({
    name: EMAILED_LINK_JOB,
    payload: emailedLinkPayload,
    async handle({ kind, email }, run) {
      const { orm, mailer, env } = deps();
      const em = orm.em.fork();
      const user = await findUserByEmail(em, email);
      if (!user?.email) return;
      const mail =
        kind === 'login_link'
          ? loginLinkMail(
              user.email,
              user.name,
              `${env.appUrl}/login/link/${await issueToken(em, { userId: user.id, purpose: 'login_link', ttlMinutes: LOGIN_LINK_TTL_MINUTES, now: run.now })}`,
            )
          : resetPasswordMail(
              user.email,
              user.name,
              `${env.appUrl}/password/reset/${await issueToken(em, { userId: user.id, purpose: 'reset', ttlMinutes: RESET_TOKEN_TTL_MINUTES, now: run.now })}?email=${encodeURIComponent(user.email)}`,
            );
      await mailer.send(mail);
    },
  });
}

/** The user an emailed sign-in link belongs to; the link stops working. */
export async function consumeLoginLink(em: Em, token: string, now: Date): Promise<IUser> {
  const userId = await consumeToken(em, token, 'login_link', now);
  const user = userId ? await findUser(em, userId) : null;
  if (!user)
    throw new AppError('validation', IDENTITY_MESSAGES.loginLinkInvalid, { errors: { token: [IDENTITY_MESSAGES.loginLinkInvalid] } });
  return user;
}

/**
 * Sets a new password with a reset token. The token works once; the user's other sessions end
 * (the session of the browser that resets, if it is theirs, is kept). A set-up token (a learner
 * without a password adding an email, learner-account) sets the address it was sent to as well.
 */
export async function resetPassword(
  em: Em,
  input: { email: string; password: string; token: string; currentSessionId: string | null; now: Date; mailer?: Mailer },
): Promise<void> {
  const invalid = () =>
    new AppError('validation', IDENTITY_MESSAGES.resetTokenInvalid, { errors: { token: [IDENTITY_MESSAGES.resetTokenInvalid] } });
  const live = (await findLiveToken(em, input.token, 'reset', input.now)) ?? (await findLiveToken(em, input.token, 'set_up', input.now));
  if (!live) throw invalid();
  const user = await findUser(em, live.userId);
  const isSetUp = live.purpose === 'set_up';
  // The email must be the account's (or the one the set-up link went to), so a leaked token alone is not enough.
  if (!user || (isSetUp ? live.email : user.email) !== input.email) throw invalid();
  if (isSetUp) await assertUniqueIdentity(em, { email: input.email }, user.id);
  if ((await consumeToken(em, input.token, live.purpose, input.now)) !== user.id) throw invalid();
  if (isSetUp) await adoptSetUpEmail(em, input.mailer, user, input.email);

  const passwordHash = await hashPassword(input.password);
  await setPasswordHash(em, user.id, passwordHash, input.now);
  await deleteUnusedTokensOfUser(em, user.id);
  // A reset may follow a compromise, so every other session ends; a set-up only adds a way in.
  if (!isSetUp) await deleteOtherSessions(em, user.id, input.currentSessionId);
}
