import type { Context } from 'hono';
import { AppError } from '../errors';

/**
 * Refuses a request a sibling host of the portal made with the learner's cookies (issue 31 item 7).
 * Course content may be served from `content.<portal host>`: the same site, so the browser sends
 * the portal's SameSite=Lax cookies on that host's requests to the portal too (a package's
 * `fetch(…, { credentials: 'include' })`, an image, a form in its frame). The XSRF header and CORS
 * already stop what such a request could change or read; this takes away the rest: a request the
 * browser marks `Sec-Fetch-Site: same-site` is answered only when it is a page the learner opens
 * (a top-level GET navigation, as any link to the portal is). Browsers without Fetch Metadata send
 * no such header and are left to the XSRF and CORS checks.
 */
export function isSiblingSiteRequest(c: Context): boolean {
  if (c.req.header('sec-fetch-site') !== 'same-site') return false;
  const isPageOpened = c.req.header('sec-fetch-mode') === 'navigate' && c.req.header('sec-fetch-dest') === 'document';
  return !(isPageOpened && (c.req.method === 'GET' || c.req.method === 'HEAD'));
}

export function refuseSiblingSiteRequest(c: Context): void {
  if (isSiblingSiteRequest(c)) throw new AppError('forbidden', 'Requests from another host of this site are not accepted.');
}
