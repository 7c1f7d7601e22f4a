import { createHmac } from 'node:crypto';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { SECURE_SESSION_COOKIE, SECURE_XSRF_COOKIE, SESSION_COOKIE, XSRF_COOKIE } from '@portal/contracts';
import type { Context, Env as HonoEnv, Input } from 'hono';
import { randomToken } from '../auth/tokens';
import type { Env } from '../env';

/**
 * Whether cookies must be Secure for this request: COOKIE_SECURE, a public address (APP_URL) on
 * https, a request that reached the server over https, or — with TRUST_PROXY — a proxy saying
 * X-Forwarded-Proto: https.
 */
export function isSecureRequest(c: Context, env: Pick<Env, 'COOKIE_SECURE' | 'TRUST_PROXY' | 'appUrl'>): boolean {
  if (env.COOKIE_SECURE || env.appUrl.startsWith('https://')) return true;
  if (c.req.url.startsWith('https://')) return true;
  return env.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The caller's network address for per-address limits. With TRUST_PROXY, the last
 * X-Forwarded-For hop (the address the proxy saw; earlier hops are the client's to write);
 * otherwise the socket's peer, or the first hop for requests made in-process (tests). The env is
 * required so that no caller can forget TRUST_PROXY: every per-address limit uses this one helper.
 */
export function clientAddress(c: Context, env: Pick<Env, 'TRUST_PROXY'>): string {
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const socketAddress = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  const address = env.TRUST_PROXY ? hops[hops.length - 1] || socketAddress : socketAddress || hops[0];
  return (address || 'unknown').slice(0, 64);
}

/**
 * The XSRF token of a session: an HMAC keyed by the session token, so only a page of that session
 * can know it (bound to the session, not just any cookie the browser carries).
 */
export function xsrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('xsrf').digest('base64url');
}

export const SESSION_TTL_SECONDS = 60 * 60 * 8;

type CookieEnv = Pick<Env, 'COOKIE_SECURE' | 'TRUST_PROXY' | 'appUrl'>;

/**
 * The cookies' names: `__Host-` prefixed wherever they are Secure (issue 31 item 7). A browser
 * takes such a cookie only from this very host, Secure, for path /, never with a Domain: the
 * course content's host beside the portal (`content.<portal host>`, same site) can neither read
 * them nor toss one of the same name at the portal, and the unprefixed names it could set on the
 * parent domain are never read where cookies are Secure.
 */
export function cookieNames(secure: boolean): { session: string; xsrf: string } {
  return secure ? { session: SECURE_SESSION_COOKIE, xsrf: SECURE_XSRF_COOKIE } : { session: SESSION_COOKIE, xsrf: XSRF_COOKIE };
}

export function readSessionToken(c: Context, env: CookieEnv): string | undefined {
  return getCookie(c, cookieNames(isSecureRequest(c, env)).session) || undefined;
}

/** The XSRF cookie the request carries (before sign-in, the double-submit value). */
export function readXsrfCookie(c: Context, env: CookieEnv): string | undefined {
  return getCookie(c, cookieNames(isSecureRequest(c, env)).xsrf) || undefined;
}

export function writeSessionCookie(c: Context, token: string, secure: boolean) {
  setCookie(c, cookieNames(secure).session, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(c: Context, env: CookieEnv) {
  const secure = isSecureRequest(c, env);
  deleteCookie(c, cookieNames(secure).session, { path: '/', secure });
}

/**
 * The XSRF cookie is readable by the page's script, which echoes it as X-XSRF-TOKEN. With a
 * session it is the session's token (`xsrfTokenFor`); before sign-in a random one. Pass the
 * session token just issued at sign-in; otherwise the request's own session is used. Generic so
 * an app's middleware context (its env, path and input) passes in as it is.
 */
export function issueXsrfCookie<E extends HonoEnv, P extends string, I extends Input>(
  c: Context<E, P, I>,
  secure: boolean,
  sessionToken?: string,
): string {
  const names = cookieNames(secure);
  const existing = getCookie(c, names.xsrf);
  const session = sessionToken ?? getCookie(c, names.session);
  const token = session ? xsrfTokenFor(session) : (existing ?? randomToken(24));
  if (token !== existing || sessionToken) setCookie(c, names.xsrf, token, { httpOnly: false, sameSite: 'Lax', secure, path: '/' });
  return token;
}
