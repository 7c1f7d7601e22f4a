import { Readable } from 'node:stream';
import type { ByteRange, Storage, StoredFile } from './storage';

/** True when If-None-Match names this tag (weak comparison, as RFC 9110 asks for this header). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The one range a `Range: bytes=…` header asks for: null for the whole file, 'unsatisfiable' for 416. */
export function requestedRange(header: string | null | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  // A header we do not understand (several ranges, other units) is ignored: the whole file (RFC 9110 14.2).
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end = size - 1;
  if (match[1] === '') start = Math.max(0, size - Number(match[2]));
  else {
    start = Number(match[1]);
    if (match[2] !== '') end = Math.min(end, Number(match[2]));
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * Answers a GET or HEAD with one stored file, streamed from storage (never whole in memory):
 * its ETag (304 while If-None-Match still matches), byte ranges (206, 416), and the caller's
 * headers (type, caching). Null when there is no such file.
 */
export async function storedFileResponse(
  storage: Storage,
  key: string,
  request: Request,
  headers: Record<string, string>,
  known?: StoredFile,
): Promise<Response | null> {
  let info: StoredFile | null;
  try {
    info = known ?? (await storage.stat(key));
  } catch {
    return null;
  }
  if (!info) return null;
  const out = new Headers({ ...headers, 'Accept-Ranges': 'bytes', ETag: info.etag });
  if (etagMatches(request.headers.get('If-None-Match'), info.etag)) return new Response(null, { status: 304, headers: out });
  const { size } = info;
  // If-Range: a range of an older version of the file would be spliced into the new one; send it whole.
  const ifRange = request.headers.get('If-Range');
  const range = ifRange && ifRange !== info.etag ? null : requestedRange(request.headers.get('Range'), size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  if (range) out.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  out.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers: out });
  const body = await storage.read(key, range ?? undefined).catch(() => null);
  if (!body) return null;
  return new Response(Readable.toWeb(body) as unknown as ReadableStream, { status, headers: out });
}
