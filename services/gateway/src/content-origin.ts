import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { healthHandler, rawPathAfter, storedFileResponse, storedPathSegments, type ServiceDeps } from '@portal/service-kit';
import { contentTokenSecret, verifyContentToken } from '@portal/enrolment-service';
import { fromRepoRoot } from './paths';
import { CONTENT_WORKER_SCRIPT, REGISTER_WORKER_SCRIPT, packageFiles } from './content-offline';

/**
 * The content origin (issue 13 item 2). Course packages are served here, on another origin than
 * the portal (CONTENT_ORIGIN_URL), so a package's script can reach neither the portal's page
 * (`parent.document` is cross-origin), nor its cookies, nor its API as the viewer. The only
 * credential is the attempt token in the path (`/c/{token}/{file in the package}`, signed, hours
 * long, one attempt's course, good only while the attempt's enrolment and sign-in session live):
 * no cookie is ever read, nothing else is served.
 *
 * The player frames the origin's SCO shell, which holds the SCORM API (scorm-again's CrossFrameAPI,
 * whose calls go by postMessage to the player page's runtime, the only one that can commit) and
 * frames the package inside itself; every HTML page of the package gets a small bridge script
 * first in its <head> that finds the shell (see SHELL_SCRIPT below).
 */

/** The player's own copy of scorm-again, so the frame's CrossFrameAPI speaks the same protocol as its CrossFrameLMS. */
const learnerRequire = createRequire(fromRepoRoot('remotes/learner/package.json'));
let crossFrameApi: string | null = null;
function crossFrameApiScript(): string {
  crossFrameApi ??= readFileSync(learnerRequire.resolve('scorm-again/cross-frame-api/min'), 'utf8');
  return crossFrameApi;
}

/**
 * How a page of an attempt gets its API (issue 20; docs/architecture.md "How a page of an
 * attempt gets its API"). The player frames this origin's own SCO shell,
 * `/c/{token}/__portal/sco.html`, never a package page: the shell holds the SCORM API for the
 * whole SCO launch and frames the package inside itself. Every package page is then a descendant
 * of the shell on the shell's own origin (or a window one of them opened), so whatever moves the
 * package's own frames (location.replace, links, forms, meta refresh, reloads, nested frames, a
 * popup) the API it finds is the same live object, holding every value set so far.
 *
 * The shell's API is scorm-again's CrossFrameAPI: its cache answers GetValue synchronously and
 * every call goes by postMessage to the player page, whose runtime (the only one that commits,
 * with the attempt's launch token) stays the source of truth. The shell reads the SCO's CMI, the
 * version, the player's origin and the SCO's href from the end of its own address fragment
 * (a fragment never reaches a server; then taken off the address).
 *
 * Content made of one page per screen calls Initialize and Finish on every page: a Finish holds
 * the session open for a moment (committing at once), and an Initialize from the next page of
 * the package picks it up again; only when no page takes it up (or the content asked for
 * navigation with adl.nav.request) does the finish reach the player.
 */
export const SEED_MARKER = '@@portal-scorm=';
/** How long a finished session waits for the next page of the package (restarted by every page change). */
export const FINISH_GRACE_MS = 1500;
export const SHELL_SCRIPT = `(function () {
  'use strict';
  var seed = null;
  var hash = location.hash;
  var at = hash.lastIndexOf('${SEED_MARKER}');
  if (at >= 0) {
    try { seed = JSON.parse(decodeURIComponent(hash.slice(at + ${SEED_MARKER.length}))); } catch (e) { seed = null; }
    try { history.replaceState(null, '', location.pathname + location.search); } catch (e) { /* keep going */ }
  }
  var href = seed && typeof seed.href === 'string' ? seed.href : '';
  // Only a page of this token's own package: no scheme, no host, no climbing out.
  if (!seed || seed.portalScorm !== 2 || typeof CrossFrameAPI !== 'function' || window.parent === window || !href || /^[a-z][a-z0-9+.-]*:|^[\\\\/]|(^|[\\\\/])\\.\\.([\\\\/]|$)/i.test(href)) return;
  var is12 = seed.version === '1.2';
  var remote = new CrossFrameAPI(seed.parentOrigin, window.parent, { timeout: 10000 });
  var cmi = seed.cmi || {};
  Object.keys(cmi).forEach(function (key) { if (typeof cmi[key] === 'string') remote._cache.set(key, cmi[key]); });
  // Each collection's _count as the runtime holds it now, on every page (issue 31 item 2). CrossFrameAPI
  // answers GetValue from its cache, where a _count stays what the launch seeded (the runtime's answer
  // lands after the call that asked), so a driver asking cmi.interactions._count before each answer
  // wrote every answer at one index. The shell counts instead: one more on a SetValue at the next index
  // (scorm-again grows a collection there only and refuses a later index), and the runtime's own counts
  // from the flattened CMI that CrossFrameAPI fetches after every write, once nothing was set since it
  // was asked. CrossFrameAPI answers "true" to every SetValue and never looks at the runtime's "false",
  // so that is where a refusal the rule cannot foresee (before Initialize, a 2004 correct response the
  // interaction's type refuses) is undone.
  var GET = is12 ? 'LMSGetValue' : 'GetValue', SET = is12 ? 'LMSSetValue' : 'SetValue';
  var COUNTED = is12
    ? /^(cmi\\.(?:objectives|interactions)|cmi\\.interactions\\.\\d+\\.(?:objectives|correct_responses))\\._count$/
    : /^(cmi\\.(?:objectives|interactions|comments_from_learner)|cmi\\.interactions\\.\\d+\\.(?:objectives|correct_responses))\\._count$/;
  /**
   * Each collection an element is in, with its index, outermost first, until visit answers false:
   * cmi.interactions.2.objectives.0.id is in cmi.interactions at 2, then in cmi.interactions.2.objectives at 0.
   */
  function eachIndex(key, visit) {
    var re = /\\.(\\d+)(?=\\.)/g, m;
    while ((m = re.exec(key)) && visit(key.slice(0, m.index), Number(m[1])) !== false);
  }
  function countsOf(keys) {
    var out = Object.create(null);
    keys.forEach(function (key) { eachIndex(key, function (list, i) { out[list] = Math.max(out[list] || 0, i + 1); }); });
    return out;
  }
  var counts = countsOf(Object.keys(cmi));
  var sets = 0;
  function countedSet(key) {
    sets++;
    eachIndex(String(key), function (list, i) {
      var n = counts[list] || 0;
      if (i === n) counts[list] = n + 1;
      // An index past the end is refused, and so is everything inside it.
      return i <= n;
    });
    return remote[SET].apply(remote, arguments);
  }
  function countedGet(key) {
    var answer = remote[GET].apply(remote, arguments);
    var asked = COUNTED.exec(String(key));
    return asked ? String(counts[asked[1]] || 0) : answer;
  }
  if (typeof remote._post === 'function') {
    var post = remote._post;
    remote._post = function (method, params) {
      var asked = sets;
      var answer = post(method, params);
      if (method !== 'getFlattenedCMI') return answer;
      answer.then(
        function (flat) { if (asked === sets && flat && typeof flat === 'object') counts = countsOf(Object.keys(flat)); },
        function () { /* CrossFrameAPI reports it */ }
      );
      return answer;
    };
  }
  var names = is12
    ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
    : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
  var INIT = names[0], FINISH = names[1], COMMIT = names[4];
  /** none: not started; open; finishing: finished by a page, waiting for the next one; ended: the runtime finished. */
  var session = 'none';
  var timer = null;
  /** The player asked the package to unload (Next, Finish, Exit): no next page will come, a finish goes at once. */
  var leaving = false;
  function finishNow() {
    clearTimeout(timer);
    timer = null;
    if (session !== 'finishing') return;
    session = 'ended';
    remote[FINISH]('');
  }
  function pageChanged() {
    if (session !== 'finishing') return;
    clearTimeout(timer);
    timer = setTimeout(finishNow, ${FINISH_GRACE_MS});
  }
  var api = {};
  names.forEach(function (name) {
    api[name] = function () { return remote[name].apply(remote, arguments); };
  });
  api[GET] = countedGet;
  api[SET] = countedSet;
  api[INIT] = function () {
    if (session === 'none') { session = 'open'; return remote[INIT](''); }
    if (session === 'ended') return 'false';
    // Another page of the same SCO (the next screen, a reload, a popup): the session goes on.
    clearTimeout(timer);
    timer = null;
    session = 'open';
    remote._lastError = '0';
    return 'true';
  };
  api[FINISH] = function () {
    if (session !== 'open') return remote[FINISH]('');
    remote[COMMIT]('');
    session = 'finishing';
    var nav = is12 ? '' : remote._cache.get('adl.nav.request');
    if (leaving || (nav && nav !== '_none_')) finishNow();
    else pageChanged();
    remote._lastError = '0';
    return 'true';
  };
  /** The content closes its window (or what it takes for one): finish and let the player go back. */
  function exit() {
    finishNow();
    window.parent.postMessage({ portalScorm: 'exit' }, seed.parentOrigin);
  }
  window[is12 ? 'API' : 'API_1484_11'] = api;
  window.__portalScorm = { api: api, version: seed.version, exit: exit, pageChanged: pageChanged };
  /**
   * The player moves on (issue 31 item 1): the package page unloads here, inside the shell, whose API
   * still answers, so what it says as it leaves (status, time, exit, a finish in its unload,
   * pagehide or beforeunload handler) reaches the runtime in order; then the player hears "left".
   */
  var packageFrame = null;
  function leave() {
    if (leaving) return;
    leaving = true;
    var done = function () {
      finishNow();
      window.parent.postMessage({ portalScorm: 'left' }, seed.parentOrigin);
    };
    if (!packageFrame) return done();
    packageFrame.removeEventListener('load', pageChanged);
    packageFrame.addEventListener('load', done);
    packageFrame.src = 'about:blank';
  }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== seed.parentOrigin) return;
    if (event.data && event.data.portalScorm === 'leave') leave();
  });
  // The shell itself going (the tab closing, the frame removed): a finish waiting for a next page goes now.
  window.addEventListener('pagehide', function () {
    leaving = true;
    finishNow();
  });
  function mount() {
    var frame = document.createElement('iframe');
    packageFrame = frame;
    frame.title = 'Course content';
    frame.allow = 'fullscreen';
    frame.setAttribute('allowfullscreen', '');
    frame.addEventListener('load', pageChanged);
    frame.src = location.pathname.replace(/__portal\\/sco\\.html$/, '') + href;
    document.body.appendChild(frame);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
`;

/** The shell page itself (no package content in it). */
export const SHELL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
<script src="cross-frame-api.js"></script><script src="shell.js"></script>
</head><body></body></html>
`;

/**
 * First in every package page: finds its SCO shell (up the parents, then the top window's opener
 * and its parents, as SCORM drivers search) and puts the shell's API on this window too, as an
 * accessor the content's own \`var API = null;\` cannot erase. Tells the shell when a page comes
 * and goes (a finished session waits for the next page), and turns the content's window.close()
 * into an exit (in a frame it would do nothing). A page with no shell above it is left alone.
 */
export const BRIDGE_SCRIPT = `(function () {
  'use strict';
  function shellAbove(win) {
    for (var level = 0; win && level < 500; level++) {
      try { if (win.__portalScorm) return win.__portalScorm; } catch (e) { return null; }
      if (win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  var shell = shellAbove(window);
  if (!shell) { try { shell = window.top.opener ? shellAbove(window.top.opener) : null; } catch (e) { shell = null; } }
  if (!shell) return;
  try {
    Object.defineProperty(window, shell.version === '1.2' ? 'API' : 'API_1484_11', {
      configurable: false,
      enumerable: true,
      get: function () { return shell.api; },
      set: function () { /* the content's own variable of that name: ignored */ },
    });
  } catch (e) { /* already defined by the page: discovery still finds the shell's */ }
  var close = window.close;
  window.close = function () {
    try { shell.exit(); } catch (e) { /* the shell is gone */ }
    return close.call(window);
  };
  shell.pageChanged();
  window.addEventListener('pagehide', function () { try { shell.pageChanged(); } catch (e) { /* gone */ } });
})();
`;

const SCRIPT_PATH = '__portal';

/** Inserts the bridge at the start of <head> (or of the document when it has none). */
export function injectRuntime(html: string, base: string): string {
  const tags = `<script src="${base}${SCRIPT_PATH}/bridge.js"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tags + html.slice(head.index + head[0].length);
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag) return html.slice(0, htmlTag.index + htmlTag[0].length) + tags + html.slice(htmlTag.index + htmlTag[0].length);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + tags + html.slice(doctype[0].length) : tags + html;
}

const EXTRA_TYPES: Record<string, string> = {
  xsd: 'application/xml; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  swf: 'application/x-shockwave-flash',
};
const typeOf = (name: string) => {
  const extension = (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();
  return EXTRA_TYPES[extension] ?? getMimeType(name) ?? 'application/octet-stream';
};

/** The content origin's own files under each token (not the package's): the SCO shell and its scripts. */
const OWN_FILES = new Map<string, { type: string; body: () => string }>([
  [`${SCRIPT_PATH}/sco.html`, { type: 'text/html; charset=utf-8', body: () => SHELL_PAGE }],
  [`${SCRIPT_PATH}/shell.js`, { type: 'text/javascript; charset=utf-8', body: () => SHELL_SCRIPT + REGISTER_WORKER_SCRIPT }],
  [`${SCRIPT_PATH}/bridge.js`, { type: 'text/javascript; charset=utf-8', body: () => BRIDGE_SCRIPT }],
  [`${SCRIPT_PATH}/cross-frame-api.js`, { type: 'text/javascript; charset=utf-8', body: crossFrameApiScript }],
  // The attempt's service worker (content-offline.ts): revalidated every time, so a new one is picked up.
  [`${SCRIPT_PATH}/sw.js`, { type: 'text/javascript; charset=utf-8', body: () => CONTENT_WORKER_SCRIPT }],
]);

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // The token is in the path: never send it on to anything the package links to.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, max-age=300',
};

const notFound = () =>
  new Response('Not found.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...BASE_HEADERS, 'Cache-Control': 'no-store' },
  });

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

export function createContentOriginApp(deps: Pick<ServiceDeps, 'env' | 'orm' | 'storage' | 'now' | 'enrolment' | 'identity'>) {
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
  app.get('/health', healthHandler(deps));
  app.on(['GET', 'HEAD'], '/c/:token/*', async (c) => {
    const token = c.req.param('token');
    const grant = await grantOf(token);
    if (!grant) return notFound();
    const base = `/c/${token}/`;
    // The address as sent (never a router's decoded copy): the files below are named in one spelling.
    const rest = rawPathAfter(c.req.url, base);
    if (rest === null) return notFound();
    const own = OWN_FILES.get(rest);
    if (own) {
      const body = own.body();
      const headers: Record<string, string> = {
        ...BASE_HEADERS,
        'Content-Type': own.type,
        ...(own.type.startsWith('text/html') ? { 'Cache-Control': 'no-store' } : {}),
      };
      // The worker may control the token's whole folder, never more (not another token's, not the origin).
      if (rest === `${SCRIPT_PATH}/sw.js`) Object.assign(headers, { 'Service-Worker-Allowed': base, 'Cache-Control': 'no-cache' });
      return new Response(c.req.method === 'HEAD' ? null : body, { headers });
    }
    if (rest === `${SCRIPT_PATH}/files.json`) {
      // What the worker copies to the device: the shell's own files and every file of the package.
      let files: string[];
      try {
        files = await packageFiles(deps.storage, `courses/${grant.courseId}/package`);
      } catch {
        return notFound();
      }
      const list = JSON.stringify({ files: [...OWN_FILES.keys()].filter((name) => name !== `${SCRIPT_PATH}/sw.js`).concat(files) });
      return new Response(c.req.method === 'HEAD' ? null : list, {
        headers: { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    // One spelling only (issue 31 item 5): decoded once from the address as sent; an encoded separator or a dot segment is refused.
    const segments = storedPathSegments(rest);
    if (!segments) return notFound();
    const key = `courses/${grant.courseId}/package/${segments.join('/')}`;
    const type = typeOf(key);
    if (/^text\/html|^application\/xhtml\+xml/.test(type)) {
      const page = await deps.storage.get(key).catch(() => null);
      if (!page) return notFound();
      const html = injectRuntime(page.toString('utf8'), base);
      return new Response(c.req.method === 'HEAD' ? null : html, {
        headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    // Streamed from storage (local disk or the bucket) with byte ranges and an ETag: media seek and revalidate.
    return (await storedFileResponse(deps.storage, key, c.req.raw, { ...BASE_HEADERS, 'Content-Type': type })) ?? notFound();
  });
  app.all('*', () => notFound());
  return app;
}
