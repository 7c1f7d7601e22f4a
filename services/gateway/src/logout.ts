import type { Context } from 'hono';
import { XSRF_HEADER } from '@portal/contracts';
import {
  clearSessionCookie,
  isSiblingSiteRequest,
  readSessionToken,
  safeEqual,
  xsrfTokenFor,
  type AppEnv,
  type ServiceDeps,
} from '@portal/service-kit';

export async function deleteSessionByToken(deps: ServiceDeps, token: string) {
  await deps.identity.endSession(token);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The confirmation without the frontends (not built, or a test's app without them): signs out only
 * when its button posts the session's XSRF token (no script: the CSP allows none inline).
 */
function plainConfirmPage(token: string) {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Log out</title></head>
<body><main><h1>Log out</h1><form method="post" action="/logout"><input type="hidden" name="_token" value="${escapeHtml(token)}"><button type="submit">Log out</button></form><p><a href="/">Stay signed in</a></p></main></body></html>`;
}

/**
 * GET /logout: a session that has already ended (where the shells send the browser on a 401) is
 * cleared and the browser goes to sign-in; a live one is asked to confirm, since a link or an
 * image elsewhere must not sign anyone out. POST /logout signs out when it carries the session's
 * XSRF token (form field `_token` or the X-XSRF-TOKEN header).
 */
export interface LogoutOptions {
  /**
   * The confirmation page as the portal draws it (the public shell's /logout: the design system's
   * card and button, the session's XSRF token read from its cookie); null when not built.
   */
  confirmPage?: (c: Context<AppEnv>) => Response | null;
}

export function logoutHandlers(deps: ServiceDeps, options: LogoutOptions = {}) {
  const signOut = (c: Context<AppEnv>) => {
    clearSessionCookie(c, deps.env);
    return c.redirect('/login', 303);
  };
  return {
    async get(c: Context<AppEnv>) {
      const token = readSessionToken(c, deps.env);
      if (!token || !(await deps.identity.resolvePrincipal(token))) return signOut(c);
      const page = options.confirmPage?.(c);
      if (page) return page;
      c.header('Cache-Control', 'no-store');
      return c.html(plainConfirmPage(xsrfTokenFor(token)));
    },
    async post(c: Context<AppEnv>) {
      // A sibling host's frame posting here with the learner's cookies is no sign-out (issue 31 item 7).
      if (isSiblingSiteRequest(c)) return c.redirect('/logout', 303);
      const token = readSessionToken(c, deps.env);
      if (!token) return signOut(c);
      let sent = c.req.header(XSRF_HEADER);
      if (!sent && (c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
        const text = await c.req.text();
        if (text.length <= 4096) sent = new URLSearchParams(text).get('_token') ?? undefined;
      }
      if (!sent || !safeEqual(sent, xsrfTokenFor(token))) return c.redirect('/logout', 303);
      await deleteSessionByToken(deps, token);
      return signOut(c);
    },
  };
}
