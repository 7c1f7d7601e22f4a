import {
  LEARNER_ACCOUNT_MESSAGES,
  LOGIN_LINK_TTL_MINUTES,
  RECENT_SIGN_INS_SHOWN,
  RESET_TOKEN_TTL_MINUTES,
  type RouteOutput,
  type learnerAccountGet,
} from '@portal/contracts';
import { AppError, notFound, validationError, type Em, type Mailer, type Principal } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { findUser } from '../../data/user.repository';
import { assertUniqueIdentity } from '../credentials/unique-identity';
import { issueToken } from '../../data/user-token.repository';
import { loginLinkMail } from '../auth/auth-mail';
import { countAttempt, LIMITS } from '../auth/rate-limit';
import { sendLater, setUpSignInMail } from '../credentials/credential-mail';
import { changeCredentials } from '../credentials/change-credentials';
import { assertCurrentPassword } from '../auth/current-password';
import { signInsOf } from '../../data/sign-in-record.repository';

/** Purchase history of shop (wp_user) accounts: another page of the portal. */
export const PURCHASE_HISTORY_PATH = '/purchase-history';

/** The caller's own row: every use case here acts on the signed-in learner and nobody else. */
export async function ownUser(em: Em, principal: Principal): Promise<IUser> {
  const user = await findUser(em, principal.userId);
  if (!user) throw notFound('Your account');
  return user;
}

export async function readLearnerAccount(em: Em, principal: Principal): Promise<RouteOutput<typeof learnerAccountGet>> {
  const user = await ownUser(em, principal);
  const signIns = await signInsOf(em, user.id, RECENT_SIGN_INS_SHOWN);
  return {
    name: user.name,
    email: user.email ?? null,
    has_password: !!user.passwordHash,
    has_login_code: !!user.loginCode,
    is_purchased_account: user.wpUser,
    purchase_history_url: user.wpUser ? PURCHASE_HISTORY_PATH : null,
    recent_sign_ins: signIns.map((s) => ({ at: s.createdAt.toISOString(), method: s.method })),
  };
}

/**
 * A learner with a password changes their email and/or password, proving the current password.
 * A blank new password changes nothing; a new one ends their other sessions. A changed email
 * voids emailed links not used yet (they went to the old address), and the old address is told.
 */
export async function changeSignInDetails(
  em: Em,
  mailer: Mailer,
  principal: Principal,
  input: { email: string; current_password: string; password?: string | null | undefined },
  now: Date,
): Promise<{ email: string }> {
  const user = await ownUser(em, principal);
  await assertCurrentPassword(em, user, input.current_password, now, {
    required: LEARNER_ACCOUNT_MESSAGES.currentPasswordRequired,
    wrong: LEARNER_ACCOUNT_MESSAGES.currentPasswordWrong,
    noPasswordYet: LEARNER_ACCOUNT_MESSAGES.noPasswordYet,
  });
  if (input.email === (user.email ?? null) && !input.password) throw validationError({ email: [LEARNER_ACCOUNT_MESSAGES.nothingChanged] });
  await changeCredentials(em, mailer, user, { email: input.email, password: input.password, keepSessionId: principal.sessionId });
  return { email: input.email };
}

interface MailContext {
  em: Em;
  mailer: Mailer;
  appUrl: string;
  address: string;
  now: Date;
}

/** The mail limits of the sign-in pages apply here too: per address mailed and per client address. */
async function countMailRequest(ctx: MailContext, email: string) {
  const limits = [LIMITS.mailAccount(email), LIMITS.mailAddress(ctx.address)];
  await countAttempt(ctx.em, limits, ctx.now, 'email requests');
}

/**
 * A learner without a password (login code only) asks to sign in with an email and a password:
 * a link goes to that address (so it is proven theirs) and opens the password reset page, which
 * saves the address and the password together (emailed-links `resetPassword`, purpose `set_up`).
 */
export async function requestSignInSetUp(ctx: MailContext, principal: Principal, email: string): Promise<void> {
  const user = await ownUser(ctx.em, principal);
  if (user.passwordHash) throw validationError({ email: [LEARNER_ACCOUNT_MESSAGES.hasPassword] });
  await assertUniqueIdentity(ctx.em, { email }, user.id);
  await countMailRequest(ctx, email);
  const token = await issueToken(ctx.em, { userId: user.id, purpose: 'set_up', ttlMinutes: RESET_TOKEN_TTL_MINUTES, now: ctx.now, email });
  sendLater(ctx.mailer, setUpSignInMail(email, user.name, `${ctx.appUrl}/password/reset/${token}?email=${encodeURIComponent(email)}`));
}

/** The emailed sign-in link of the sign-in page, sent to the caller's own address. */
export async function sendOwnSignInLink(ctx: MailContext, principal: Principal): Promise<void> {
  const user = await ownUser(ctx.em, principal);
  if (!user.email) throw new AppError('validation', LEARNER_ACCOUNT_MESSAGES.noEmail);
  await countMailRequest(ctx, user.email);
  const token = await issueToken(ctx.em, { userId: user.id, purpose: 'login_link', ttlMinutes: LOGIN_LINK_TTL_MINUTES, now: ctx.now });
  sendLater(ctx.mailer, loginLinkMail(user.email, user.name, `${ctx.appUrl}/login/link/${token}`));
}

export async function ownLoginCode(em: Em, principal: Principal): Promise<string | null> {
  return (await ownUser(em, principal)).loginCode ?? null;
}
