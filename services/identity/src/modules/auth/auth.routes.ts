import {
  consumeLoginLink as consumeLoginLinkRoute,
  IDENTITY_MESSAGES,
  login,
  logout,
  passwordEmail,
  passwordReset,
  requestLoginLink as requestLoginLinkRoute,
  type SignInMethod,
} from '@portal/contracts';
import {
  AppError,
  clearSessionCookie,
  createServiceRouter,
  hashToken,
  issueXsrfCookie,
  isSecureRequest,
  readSessionToken,
  writeSessionCookie,
  type AppContext,
  type Em,
  type ServiceDeps,
} from '@portal/service-kit';
import { createSession, deleteSession } from '../../data/session.repository';
import { landingPathFor, signIn } from './sign-in';
import { toSessionUser } from '../sessions/session-user';
import type { IUser } from '../../data/user.entity';
import { clientAddress } from './client-address';
import { countAttempt, LIMITS } from './rate-limit';
import { consumeLoginLink, requestLoginLink, requestPasswordReset, resetPassword } from './emailed-links';
import { recordSignIn } from '../../data/sign-in-record.repository';

export function authRoutes(deps: ServiceDeps) {
  const now = () => deps.now();

  /** Rotation: whatever session the browser had ends here, and a new token is issued. */
  async function startSession(c: AppContext, em: Em, user: IUser, method: SignInMethod) {
    // The user's own sign-in history (their account page and data export).
    await recordSignIn(em, user.id, method, now());
    const previous = readSessionToken(c, deps.env);
    if (previous) await deleteSession(em, previous);
    const token = await createSession(em, {
      userId: user.id,
      ip: clientAddress(c, deps.env),
      userAgent: c.req.header('user-agent') ?? null,
    });
    const secure = isSecureRequest(c, deps.env);
    writeSessionCookie(c, token, secure);
    issueXsrfCookie(c, secure, token);
    return { user: await toSessionUser(em, user, null), redirect: landingPathFor(user.role) };
  }

  return createServiceRouter(deps)
    .handle(login, async ({ c, em, body }) => {
      const at = now();
      const account = body.login_code ? `code:${body.login_code.trim().toUpperCase()}` : `email:${(body.email ?? '').trim().toLowerCase()}`;
      const address = clientAddress(c, deps.env);
      const accountLimit = LIMITS.signInAccountAddress(account, address);
      const limits = [accountLimit, LIMITS.signInAddress(address)];
      if (body.login_code) limits.push(LIMITS.loginCodeAddress(address));
      // Counted before the password or code is checked, so concurrent guesses cannot outrun the limit.
      const attempt = await countAttempt(em, limits, at, 'sign-in attempts');
      let user: IUser;
      try {
        user = await signIn(em, body);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'unauthenticated')) await attempt.withdraw();
        throw error;
      }
      await attempt.succeeded([accountLimit]);
      return startSession(c, em, user, body.login_code ? 'login_code' : 'password');
    })
    .handle(logout, async ({ c, em }) => {
      const token = readSessionToken(c, deps.env);
      if (token) await deleteSession(em, token);
      clearSessionCookie(c, deps.env);
      return { success: true as const };
    })
    .handle(requestLoginLinkRoute, async ({ c, em, body }) => {
      await requestLoginLink({ em, jobs: deps.jobs, email: body.email, address: clientAddress(c, deps.env), now: now() });
      return { success: true as const, message: IDENTITY_MESSAGES.loginLinkSent };
    })
    .handle(consumeLoginLinkRoute, async ({ c, em, body }) => {
      const user = await consumeLoginLink(em, body.token, now());
      return startSession(c, em, user, 'login_link');
    })
    .handle(passwordEmail, async ({ c, em, body }) => {
      await requestPasswordReset({ em, jobs: deps.jobs, email: body.email, address: clientAddress(c, deps.env), now: now() });
      return { success: true as const, message: IDENTITY_MESSAGES.resetLinkSent };
    })
    .handle(passwordReset, async ({ c, em, body }) => {
      const current = readSessionToken(c, deps.env);
      await resetPassword(em, {
        mailer: deps.mailer,
        email: body.email,
        password: body.password,
        token: body.token,
        currentSessionId: current ? hashToken(current) : null,
        now: now(),
      });
      return { success: true as const, message: IDENTITY_MESSAGES.resetDone };
    }).app;
}
