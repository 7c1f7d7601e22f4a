import { createReadStream, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { ServiceDeps } from '@portal/service-kit';
import { contentTokenSecret, verifyContentToken } from '@portal/enrolment-service';
import { fromRepoRoot } from './paths';

/**
 * The content origin (issue 13 item 2). Course packages are served here, on another origin than
 * the portal (CONTENT_ORIGIN_URL), so a package's script can reach neither the portal's page
 * (`parent.document` is cross-origin), nor its cookies, nor its API as the viewer. The only
 * credential is the attempt token in the path (`/c/{token}/{file in the package}`, signed, hours
 * long, one attempt's course, good only while the attempt's enrolment and sign-in session live):
 * no cookie is ever read, nothing else is served.
 *
 * Every HTML page of a package gets two scripts first in its <head>: scorm-again's CrossFrameAPI
 * and a bridge that puts it at `window.API` / `window.API_1484_11`. Their calls go by postMessage
 * to the player page, whose scorm-again runtime (the only one that can commit, with the attempt's
 * launch token) answers them.
 */

/** The player's own copy of scorm-again, so the frame's CrossFrameAPI speaks the same protocol as its CrossFrameLMS. */
const learnerRequire = createRequire(fromRepoRoot('remotes/learner/package.json'));
let crossFrameApi: string | null = null;
function crossFrameApiScript(): string {
  crossFrameApi ??= readFileSync(learnerRequire.resolve('scorm-again/cross-frame-api/min'), 'utf8');
  return crossFrameApi;
}

/**
 * Runs in the content frame after CrossFrameAPI: the player passes the SCO's CMI, version and its
 * own origin at the end of the frame's address fragment (read synchronously, so the API answers
 * from its first call, then taken off the address; a fragment never reaches a server, and the
 * browser clears window.name across sites). The API's cache starts from that CMI, and every call
 * goes to the player page only.
 */
export const SEED_MARKER = '@@portal-scorm=';
export const BRIDGE_SCRIPT = `(function () {
  'use strict';
  var seed = null;
  var hash = location.hash;
  var at = hash.lastIndexOf('${SEED_MARKER}');
  if (at >= 0) {
    try { seed = JSON.parse(decodeURIComponent(hash.slice(at + ${SEED_MARKER.length}))); } catch (e) { seed = null; }
    var own = hash.slice(0, at);
    try { history.replaceState(history.state, '', location.pathname + location.search + (own.length > 1 ? own : '')); } catch (e) { /* keep going */ }
  }
  if (!seed || seed.portalScorm !== 1 || typeof CrossFrameAPI !== 'function' || window.parent === window) return;
  var realParent = window.parent;
  var api = new CrossFrameAPI(seed.parentOrigin, realParent, { timeout: 10000 });
  var name = seed.version === '1.2' ? 'API' : 'API_1484_11';
  var cmi = seed.cmi || {};
  Object.keys(cmi).forEach(function (key) {
    if (typeof cmi[key] === 'string') api._cache.set(key, cmi[key]);
  });
  // Content often declares its own global \`var API = null;\` before it looks for the API: on a
  // same-origin page that only shadowed the parent's, here it would erase this one and send the
  // search to the (cross-origin) parent. An accessor the declaration cannot overwrite keeps it.
  Object.defineProperty(window, name, {
    configurable: false,
    enumerable: true,
    get: function () { return api; },
    set: function () { /* the content's own variable of that name: ignored */ },
  });
  // The SCORM 2004 discovery algorithm (and some 1.2 content) starts at window.parent, which is
  // the cross-origin player page here: reading anything on it throws. window.parent is
  // replaceable, so the content sees an LMS window that holds the API and forwards postMessage;
  // the real parent stays out of reach either way (window.top is still the cross-origin page).
  var lmsWindow = { postMessage: function () { return realParent.postMessage.apply(realParent, arguments); }, opener: null, closed: false };
  lmsWindow[name] = api;
  lmsWindow.parent = lmsWindow;
  try { window.parent = lmsWindow; } catch (e) { /* an old browser: the content's own window still has the API */ }
})();
`;

const SCRIPT_PATH = '__portal';

/** Inserts the two scripts at the start of <head> (or of the document when it has none). */
export function injectRuntime(html: string, base: string): string {
  const tags = `<script src="${base}${SCRIPT_PATH}/cross-frame-api.js"></script><script src="${base}${SCRIPT_PATH}/bridge.js"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tags + html.slice(head.index + head[0].length);
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag) return html.slice(0, htmlTag.index + htmlTag[0].length) + tags + html.slice(htmlTag.index + htmlTag[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tags + html.slice(doctype[0].length) : tags + html;
}

const EXTRA_TYPES: Record<string, string> = { xsd: 'application/xml; charset=utf-8', vtt: 'text/vtt; charset=utf-8', m4v: 'video/mp4', mov: 'video/quicktime', swf: 'application/x-shockwave-flash' };
const typeOf = (name: string) => {
  const extension = (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();
  return EXTRA_TYPES[extension] ?? getMimeType(name) ?? 'application/octet-stream';
};

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // The token is in the path: never send it on to anything the package links to.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, max-age=300',
};

const notFound = () => new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...BASE_HEADERS, 'Cache-Control': 'no-store' } });

/**
 * Only the portal (and the package's own pages) may frame the content origin's pages: a package page framed by another site
 * could be dressed up to trick a learner (clickjacking), and its token would be used from there.
 * Only frame-ancestors is set: a package's own scripts, styles and media stay as their authors made them.
 */
export function contentFramePolicy(appUrl: string): string {
  const portal = new URL(appUrl);
  const origins = [portal.origin];
  // A portal on this machine answers on both loopback names (the e2e suite opens 127.0.0.1 while
  // APP_URL defaults to localhost): either may frame. Nothing else on the network can use them.
  const twin = ({ localhost: '127.0.0.1', '127.0.0.1': 'localhost' } as Record<string, string>)[portal.hostname];
  if (twin) origins.push(`${portal.protocol}//${twin}${portal.port ? `:${portal.port}` : ''}`);
  // 'self': a package's own pages frame each other (a SCO shell with its pages in an inner frame),
  // and frame-ancestors checks every ancestor, the content origin's included.
  return `frame-ancestors 'self' ${origins.join(' ')}`;
}

export function createContentOriginApp(deps: Pick<ServiceDeps, 'env' | 'storage' | 'now' | 'enrolment' | 'identity'>) {
  const secret = contentTokenSecret(deps.env);
  /**
   * A signed token is only half of it (issue 25 D2): its attempt must still exist with its
   * enrolment, and the sign-in session that opened it must still live. Deleting the enrolment or
   * the learner, signing out, or the session expiring stops the token at once, on every file.
   */
  async function grantOf(token: string) {
    const grant = verifyContentToken(secret, token, deps.now());
    if (!grant) return null;
    const attempt = await deps.enrolment.contentAttempt(grant.attemptId);
    if (!attempt || attempt.courseId !== grant.courseId || !attempt.sessionId) return null;
    return (await deps.identity.isSessionLive(attempt.sessionId)) ? grant : null;
  }
  const framePolicy = contentFramePolicy(deps.env.appUrl);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', framePolicy);
  });
  app.get('/health', () => new Response('ok'));
  app.on(['GET', 'HEAD'], '/c/:token/*', async (c) => {
    const token = c.req.param('token');
    const grant = await grantOf(token);
    if (!grant) return notFound();
    const base = `/c/${token}/`;
    const rest = c.req.path.slice(base.length);
    if (rest === `${SCRIPT_PATH}/cross-frame-api.js` || rest === `${SCRIPT_PATH}/bridge.js`) {
      const body = rest.endsWith('bridge.js') ? BRIDGE_SCRIPT : crossFrameApiScript();
      return new Response(c.req.method === 'HEAD' ? null : body, { headers: { ...BASE_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' } });
    }
    let segments: string[];
    try {
      segments = rest.split('/').map((s) => decodeURIComponent(s));
    } catch {
      return notFound();
    }
    if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return notFound();
    let path: string;
    let size: number;
    try {
      path = deps.storage.localPath(`courses/${grant.courseId}/package/${segments.join('/')}`);
      const info = await stat(path);
      if (!info.isFile()) return notFound();
      size = info.size;
    } catch {
      return notFound();
    }
    const type = typeOf(path);
    if (/^text\/html|^application\/xhtml\+xml/.test(type)) {
      const html = injectRuntime(await readFile(path, 'utf8'), base);
      return new Response(c.req.method === 'HEAD' ? null : html, { headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
    }
    const headers = new Headers({ ...BASE_HEADERS, 'Content-Type': type, 'Accept-Ranges': 'bytes' });
    let start = 0;
    let end = size - 1;
    let status = 200;
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range')?.trim() ?? '');
    if (range && !(range[1] === '' && range[2] === '')) {
      if (range[1] === '') start = Math.max(0, size - Number(range[2]));
      else {
        start = Number(range[1]);
        if (range[2] !== '') end = Math.min(end, Number(range[2]));
      }
      if (start > end || start >= size) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
      status = 206;
      headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
    if (c.req.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
    return new Response(Readable.toWeb(createReadStream(path, { start, end })) as unknown as ReadableStream, { status, headers });
  });
  app.all('*', () => notFound());
  return app;
}
