import { Hono } from 'hono';
import {
  isCanonicalId,
  isSiblingSiteRequest,
  rawPathAfter,
  readSessionToken,
  storedFileResponse,
  storedPathSegments,
  type AppEnv,
  type ServiceDeps,
} from '@portal/service-kit';
import { contentTypeOf } from './content-types';

const notFound = () =>
  new Response(JSON.stringify({ message: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } });

/** Types a browser would run as a page (script included) if shown inline. */
const ACTIVE_TYPE =
  /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|application\/[a-z0-9.+-]*\+xml|application\/xml-dtd|text\/xsl)\b/i;

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
    // Never to a sibling host's page (content.<portal host>) with the viewer's cookies (issue 31 item 7).
    if (isSiblingSiteRequest(c)) return notFound();
    const token = readSessionToken(c, deps.env);
    const principal = token ? await deps.identity.resolvePrincipal(token) : null;
    if (!principal) return c.json({ message: 'Your session has ended. Please sign in again.' }, 401);
    // One spelling only (issue 31 item 5): the id as written, the rest decoded once, no encoded separator or dot segment.
    const id = c.req.param('courseId');
    const segments = isCanonicalId(id) ? storedPathSegments(rawPathAfter(c.req.url, `/storage/courses/${id}/`) ?? '') : null;
    if (!segments) return notFound();
    const [first, fileName] = [segments[0], segments.at(-1)];
    if (first === undefined || fileName === undefined || first.toLowerCase() === 'package') return notFound();
    const key = `courses/${Number(id)}/${segments.join('/')}`;
    // Not entitled answers as a missing file: course ids cannot be probed.
    if (!(await deps.catalogue.canReadCourseFiles(principal, Number(id)))) return notFound();

    const contentType = contentTypeOf(key);
    const headers: Record<string, string> = { 'Content-Type': contentType, 'Cache-Control': 'private, max-age=300' };
    if (servedAsDownload(segments, contentType)) {
      headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    }
    // Streamed from storage with byte ranges and an ETag, wherever the files are kept.
    return (await storedFileResponse(deps.storage, key, c.req.raw, headers)) ?? notFound();
  });
}
