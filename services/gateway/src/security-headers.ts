import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Env } from '@portal/service-kit';

/** The origin of an absolute URL, or null for a path on the portal's own origin. */
function originOf(url: string): string | null {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export interface PolicyOptions {
  /** Origins the portal's pages may frame besides their own (e.g. a separate course-content origin). */
  frameSources?: string[];
}

/**
 * The portal pages' Content-Security-Policy. Module Federation loads remotes as script files
 * (no inline script, no eval in production builds) and fetches their mf-manifest.json, so script
 * and connect sources are 'self' plus the origin of each remote published elsewhere
 * (REMOTE_*_URL). Styles allow 'unsafe-inline' for React's style attributes; images allow data:
 * and blob: (previews of chosen files). The SCORM player frames package content from the content
 * origin (frameSources); frame-ancestors 'self'.
 */
export function portalContentSecurityPolicy(env: Env, options: PolicyOptions = {}): string {
  const remoteOrigins = [env.REMOTE_LEARNER_URL, env.REMOTE_COMPANY_URL, env.REMOTE_ADMIN_URL, env.REMOTE_VERIFY_URL]
    .map(originOf)
    .filter((o): o is string => o !== null);
  const extra = [...new Set(remoteOrigins)].join(' ');
  const withExtra = (base: string, more: string) => (more ? `${base} ${more}` : base);
  return [
    "default-src 'self'",
    withExtra("script-src 'self'", extra),
    withExtra("connect-src 'self'", extra),
    withExtra("style-src 'self' 'unsafe-inline'", extra),
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    withExtra("frame-src 'self'", [...new Set(options.frameSources ?? [])].join(' ')),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Stored files (attachments, certificate images): never a page that runs anything. Course packages
 * are not served on the portal's origin at all (issue 25 D2: only the content origin serves them).
 */
export const STORED_FILE_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/**
 * Only features Chromium knows: an unknown one (`bluetooth`, FLoC's retired `interest-cohort`) is a
 * console warning on every page load and denies nothing.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), fullscreen=(self)';

/**
 * Headers of every answer: the CSP that fits what is answered, Permissions-Policy, and
 * `Cache-Control: no-store` on API answers (they carry personal data) unless a route chose its own.
 * Referrer-Policy, nosniff, frame and opener policies come from hono's secureHeaders.
 */
export function securityHeaders(env: Env, options: PolicyOptions = {}): MiddlewareHandler<AppEnv> {
  const portalPolicy = portalContentSecurityPolicy(env, options);
  return async (c, next) => {
    await next();
    const path = c.req.path;
    const headers = c.res.headers;
    if (path.startsWith('/storage/')) headers.set('Content-Security-Policy', STORED_FILE_POLICY);
    else headers.set('Content-Security-Policy', portalPolicy);
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    if (path.startsWith('/api/') && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
}
