import { login, logout } from '@portal/contracts';
import {
  clearSessionCookie,
  createServiceRouter,
  issueXsrfCookie,
  readSessionToken,
  writeSessionCookie,
  type ServiceDeps,
} from '@portal/service-kit';
import { createSession, deleteSession } from '../sessions/session.repository';
import { landingPathFor, signIn } from './sign-in';
import { toSessionUser } from '../users/session-user';

export function authRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(login, async ({ c, em, body }) => {
      const user = await signIn(em, body);
      // Rotation: whatever session the browser had ends here, and a new token is issued.
      const previous = readSessionToken(c);
      if (previous) await deleteSession(em, previous);
      const token = await createSession(em, {
        userId: user.id,
        ip: c.req.header('x-forwarded-for') ?? null,
        userAgent: c.req.header('user-agent') ?? null,
      });
      writeSessionCookie(c, token, deps.env.COOKIE_SECURE);
      issueXsrfCookie(c, deps.env.COOKIE_SECURE, true);
      return { user: await toSessionUser(em, user, null), redirect: landingPathFor(user.role) };
    })
    .handle(logout, async ({ c, em }) => {
      const token = readSessionToken(c);
      if (token) await deleteSession(em, token);
      clearSessionCookie(c);
      return { success: true as const };
    }).app;
}
