import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { SESSION_COOKIE, XSRF_COOKIE } from '@portal/contracts';
import type { Context, Env, Input } from 'hono';
import { randomToken } from '../auth/tokens';

export const SESSION_TTL_SECONDS = 60 * 60 * 8;

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

export function writeSessionCookie(c: Context, token: string, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/**
 * The XSRF cookie is readable by the page's script, which echoes it as X-XSRF-TOKEN. Generic so an
 * app's middleware context (its env, path and input) passes in as it is.
 */
export function issueXsrfCookie<E extends Env, P extends string, I extends Input>(c: Context<E, P, I>, secure: boolean, rotate = false): string {
  const existing = getCookie(c, XSRF_COOKIE);
  if (existing && !rotate) return existing;
  const token = randomToken(24);
  setCookie(c, XSRF_COOKIE, token, { httpOnly: false, sameSite: 'Lax', secure, path: '/' });
  return token;
}
