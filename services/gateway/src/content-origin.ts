import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { getMimeType } from 'hono/utils/mime';
import { AppError, healthHandler, rawPathAfter, storedFileResponse, storedPathSegments, type ServiceDeps } from '@portal/service-kit';
import { contentTokenSecret, verifyContentToken } from '@portal/enrolment-service';
import { fromRepoRoot } from './paths';
import { CONTENT_WORKER_SCRIPT, REGISTER_WORKER_SCRIPT, packageFiles } from './content-offline';
import { BRIDGE_SCRIPT, SHELL_PAGE, SHELL_SCRIPT } from './sco-shell';

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

/** What a shell's beacon carries: the SCO and its CMI as the shell holds it (flattened names, string values). */
const lastWordSchema = z.strictObject({
  sco: z.string().min(1).max(255),
  cmi: z.record(z.string().max(255), z.string()),
});
/** A beacon carries at most 64 KiB; room beyond it for a fetch with keepalive the browser lets through. */
const LAST_WORD_MAX_BYTES = 1024 * 1024;

const jsonAnswer = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...BASE_HEADERS, 'Cache-Control': 'no-store' },
  });

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

type ContentDeps = Pick<ServiceDeps, 'env' | 'orm' | 'storage' | 'now' | 'enrolment' | 'identity'>;
type Grant = NonNullable<ReturnType<typeof verifyContentToken>>;
type GrantOf = (token: string) => Promise<Grant | null>;

/**
 * A signed token is only half of it (issue 25 D2): its attempt must still exist with its
 * enrolment, and the sign-in session that opened it must still live. Deleting the enrolment or
 * the learner, signing out, or the session expiring stops the token at once, on every file.
 */
function grantChecker(deps: ContentDeps): GrantOf {
  const secret = contentTokenSecret(deps.env);
  return async function grantOf(token: string) {
    const grant = verifyContentToken(secret, token, deps.now());
    if (!grant) return null;
    const attempt = await deps.enrolment.contentAttempt(grant.attemptId);
    if (!attempt || attempt.courseId !== grant.courseId || !attempt.sessionId) return null;
    return (await deps.identity.isSessionLive(attempt.sessionId)) ? grant : null;
  };
}

/** A SCO's last word, sent by its shell as the tab closes (issue 31 item 1; sco-shell.ts, last-word.ts). */
function lastWordHandler(deps: ContentDeps, grantOf: GrantOf) {
  return async (c: Context) => {
    const grant = await grantOf(c.req.param('token') ?? '');
    if (!grant) return notFound();
    let parsed: z.infer<typeof lastWordSchema>;
    try {
      parsed = lastWordSchema.parse(JSON.parse(await c.req.text()));
    } catch {
      return jsonAnswer(400, 'Not a last word.');
    }
    try {
      const { applied } = await deps.enrolment.storeLastWord({ attemptId: grant.attemptId, sco: parsed.sco, cmi: parsed.cmi });
      return jsonAnswer(200, applied ? 'Stored.' : 'Already stored.');
    } catch (error) {
      if (error instanceof AppError) return jsonAnswer(error.status, error.message);
      throw error;
    }
  };
}

/** One of the origin's own files (OWN_FILES) under the token's folder `base`. */
function ownFileResponse(own: { type: string; body: () => string }, rest: string, base: string, method: string): Response {
  const body = own.body();
  const headers: Record<string, string> = {
    ...BASE_HEADERS,
    'Content-Type': own.type,
    ...(own.type.startsWith('text/html') ? { 'Cache-Control': 'no-store' } : {}),
  };
  // The worker may control the token's whole folder, never more (not another token's, not the origin).
  if (rest === `${SCRIPT_PATH}/sw.js`) Object.assign(headers, { 'Service-Worker-Allowed': base, 'Cache-Control': 'no-cache' });
  return new Response(method === 'HEAD' ? null : body, { headers });
}

/** What the worker copies to the device: the shell's own files and every file of the package. */
async function fileListResponse(deps: ContentDeps, courseId: number, method: string): Promise<Response> {
  let files: string[];
  try {
    files = await packageFiles(deps.storage, `courses/${courseId}/package`);
  } catch {
    return notFound();
  }
  const list = JSON.stringify({ files: [...OWN_FILES.keys()].filter((name) => name !== `${SCRIPT_PATH}/sw.js`).concat(files) });
  return new Response(method === 'HEAD' ? null : list, {
    headers: { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** A file of the package: an HTML page with the bridge injected, anything else streamed from storage. */
async function packageFileResponse(deps: ContentDeps, request: Request, file: { key: string; base: string }): Promise<Response> {
  const { key, base } = file;
  const type = typeOf(key);
  if (/^text\/html|^application\/xhtml\+xml/.test(type)) {
    const page = await deps.storage.get(key).catch(() => null);
    if (!page) return notFound();
    const html = injectRuntime(page.toString('utf8'), base);
    return new Response(request.method === 'HEAD' ? null : html, {
      headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  // Streamed from storage (local disk or the bucket) with byte ranges and an ETag: media seek and revalidate.
  return (await storedFileResponse(deps.storage, key, request, { ...BASE_HEADERS, 'Content-Type': type })) ?? notFound();
}

/** Any file under a token: the origin's own, the package's file list, or the package's files. */
function contentFileHandler(deps: ContentDeps, grantOf: GrantOf) {
  return async (c: Context) => {
    const token = c.req.param('token') ?? '';
    const grant = await grantOf(token);
    if (!grant) return notFound();
    const base = `/c/${token}/`;
    // The address as sent (never a router's decoded copy): the files below are named in one spelling.
    const rest = rawPathAfter(c.req.url, base);
    if (rest === null) return notFound();
    const own = OWN_FILES.get(rest);
    if (own) return ownFileResponse(own, rest, base, c.req.method);
    if (rest === `${SCRIPT_PATH}/files.json`) return fileListResponse(deps, grant.courseId, c.req.method);
    // One spelling only (issue 31 item 5): decoded once from the address as sent; an encoded separator or a dot segment is refused.
    const segments = storedPathSegments(rest);
    if (!segments) return notFound();
    return packageFileResponse(deps, c.req.raw, { key: `courses/${grant.courseId}/package/${segments.join('/')}`, base });
  };
}

export function createContentOriginApp(deps: ContentDeps) {
  const grantOf = grantChecker(deps);
  const framePolicy = contentFramePolicy(deps.env.appUrl);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', framePolicy);
  });
  app.get('/health', healthHandler(deps));
  app.post(
    `/c/:token/${SCRIPT_PATH}/last-word`,
    bodyLimit({ maxSize: LAST_WORD_MAX_BYTES, onError: () => jsonAnswer(413, 'Too large.') }),
    lastWordHandler(deps, grantOf),
  );
  app.on(['GET', 'HEAD'], '/c/:token/*', contentFileHandler(deps, grantOf));
  app.all('*', () => notFound());
  return app;
}
