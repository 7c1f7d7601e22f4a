import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { readSessionToken, type AppEnv, type ServiceDeps } from '@portal/service-kit';
import { contentTypeOf } from './content-types';

const notFound = () => new Response(JSON.stringify({ message: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });

/** Types a browser would run as a page (script included) if shown inline. */
const ACTIVE_TYPE = /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/[a-z0-9.+-]*\+xml|application\/xml-dtd|text\/xsl)\b/i;

/**
 * Activity attachments always, and any other upload (the certificate image) that a browser would
 * render as a page (HTML, SVG, XML), go out as downloads, never rendered on the portal's origin.
 */
export function servedAsDownload(segments: string[], contentType: string): boolean {
  return segments[0] === 'activities' || ACTIVE_TYPE.test(contentType);
}

/**
 * A course's stored files (certificate image, activity attachments) from its storage folder. Not
 * an API route (no JSON, no contract): only those entitled (`canReadCourseFiles`), GET and HEAD,
 * with byte ranges. Never the unpacked SCORM package (issue 25 D2): its pages run the package's
 * scripts, which on this origin would act as the viewer; only the content origin serves it, to
 * everyone, admins included.
 */
export function courseFileRoutes(deps: ServiceDeps) {
  return new Hono<AppEnv>().on(['GET', 'HEAD'], '/storage/courses/:courseId{[0-9]+}/*', async (c) => {
    const token = readSessionToken(c);
    const principal = token ? await deps.identity.resolvePrincipal(token) : null;
    if (!principal) return c.json({ message: 'Your session has ended. Please sign in again.' }, 401);
    // Not entitled answers as a missing file: course ids cannot be probed.
    if (!(await deps.catalogue.canReadCourseFiles(principal, Number(c.req.param('courseId'))))) return notFound();

    const prefix = `/storage/courses/${c.req.param('courseId')}/`;
    const raw = c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length);
    let segments: string[];
    try {
      segments = raw.split('/').map((s) => decodeURIComponent(s));
    } catch {
      return notFound();
    }
    if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) return notFound();
    if (segments[0]!.toLowerCase() === 'package') return notFound();
    const key = `courses/${Number(c.req.param('courseId'))}/${segments.join('/')}`;

    let path: string;
    let size: number;
    try {
      path = deps.storage.localPath(key);
      const info = await stat(path);
      if (!info.isFile()) return notFound();
      size = info.size;
    } catch {
      return notFound();
    }

    const headers = new Headers({
      'Content-Type': contentTypeOf(path),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=300',
    });
    if (servedAsDownload(segments, headers.get('Content-Type')!)) {
      headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(segments[segments.length - 1]!)}`);
    }
    let start = 0;
    let end = size - 1;
    let status = 200;
    const range = c.req.header('range');
    if (range) {
      const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      if (!match || (match[1] === '' && match[2] === '')) {
        return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
      }
      if (match[1] === '') start = Math.max(0, size - Number(match[2]));
      else {
        start = Number(match[1]);
        if (match[2] !== '') end = Math.min(end, Number(match[2]));
      }
      if (start > end || start >= size) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
      status = 206;
      headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    headers.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
    if (c.req.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
    const stream = Readable.toWeb(createReadStream(path, { start, end })) as unknown as ReadableStream;
    return new Response(stream, { status, headers });
  });
}
