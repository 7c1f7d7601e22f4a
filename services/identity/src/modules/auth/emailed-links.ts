import { IDENTITY_MESSAGES, LOGIN_LINK_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '@portal/contracts';
import { AppError, hashPassword, logger, type Em, type Mailer, type MailMessage } from '@portal/service-kit';
import type { IUser } from '../users/user.entity';
import { findUser, findUserByEmail, setPasswordHash } from '../users/user.repository';
import { deleteOtherSessions } from '../sessions/session.repository';
import { loginLinkMail, resetPasswordMail } from './auth-mail';
import { assertWithinLimits, clearAttempts, LIMITS, recordAttempt } from './rate-limit';
import { consumeToken, deleteUnusedTokensOfUser, findLiveToken, issueToken } from './user-token.repository';
import { adoptSetUpEmail } from '../learner-account/learner-account';
import { assertUniqueIdentity } from '../users/manage-users';

interface MailRequest {
  em: Em;
  mailer: Mailer;
  appUrl: string;
  email: string;
  address: string;
  now: Date;
}

/**
 * The shared shape of both mail requests: the same limits, the same answer and about the same
 * time whether or not the email belongs to someone (the mail itself is sent after answering).
 */
async function handleMailRequest(input: MailRequest, build: (user: IUser) => Promise<MailMessage>): Promise<void> {
  const limits = [LIMITS.mailAccount(input.email), LIMITS.mailAddress(input.address)];
  await assertWithinLimits(input.em, limits, input.now, 'email requests');
  await recordAttempt(input.em, limits, input.now);
  const user = await findUserByEmail(input.em, input.email);
  if (!user) return;
  const mail = await build(user);
  void input.mailer.send(mail).catch((error: unknown) => logger.error('mail failed', { subject: mail.subject, error: String(error) }));
}

export async function requestLoginLink(input: MailRequest): Promise<void> {
  await handleMailRequest(input, async (user) => {
    const token = await issueToken(input.em, { userId: user.id, purpose: 'login_link', ttlMinutes: LOGIN_LINK_TTL_MINUTES, now: input.now });
    return loginLinkMail(user.email!, user.name, `${input.appUrl}/login/link/${token}`);
  });
}

export async function requestPasswordReset(input: MailRequest): Promise<void> {
  await handleMailRequest(input, async (user) => {
    const token = await issueToken(input.em, { userId: user.id, purpose: 'reset', ttlMinutes: RESET_TOKEN_TTL_MINUTES, now: input.now });
    return resetPasswordMail(user.email!, user.name, `${input.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email!)}`);
  });
}

/** The user an emailed sign-in link belongs to; the link stops working. */
export async function consumeLoginLink(em: Em, token: string, now: Date): Promise<IUser> {
  const userId = await consumeToken(em, token, 'login_link', now);
  const user = userId ? await findUser(em, userId) : null;
  if (!user) throw new AppError('validation', IDENTITY_MESSAGES.loginLinkInvalid, { errors: { token: [IDENTITY_MESSAGES.loginLinkInvalid] } });
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
  const invalid = () => new AppError('validation', IDENTITY_MESSAGES.resetTokenInvalid, { errors: { token: [IDENTITY_MESSAGES.resetTokenInvalid] } });
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
  await clearAttempts(em, LIMITS.signInAccount(input.email));
}
