import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { etagMatches } from '@portal/service-kit';
import { getMimeType } from 'hono/utils/mime';

/** Content-hashed files (`main.35883037.js`): a new release gets new names, so keep them a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (pages, `remoteEntry.js`, `mf-manifest.json`): ask the server each time, 304 if unchanged. */
export const REVALIDATE = 'no-cache';

/** `name.<8+ hex>.ext`, as rspack's `[contenthash:8]` writes them. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Files the build precompresses (build/precompress-plugin.mjs) and that vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/;
/** Preferred first: brotli is about a fifth smaller than gzip on these bundles. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export function cacheControlFor(file: string): string {
  return HASHED_NAME.test(basename(file)) ? IMMUTABLE : REVALIDATE;
}

/** The codings a client accepts (`br;q=1.0, gzip`, `*`), without those it refuses with q=0. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (coding === '*') wildcard = !zero;
    else if (zero) refused.add(coding);
    else if (coding) accepted.add(coding);
  }
  if (wildcard) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

// One comparison for built files and stored ones.
export { etagMatches };

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  /** Of the uncompressed content: variants add their coding to it. */
  hash: string;
}

/**
 * Built files in memory, keyed by path and checked against the file's size and time on every
 * request, so a rebuilt remote is served at once. A few MB for all shells and remotes.
 */
const cache = new Map<string, CachedFile>();
let cachedBytes = 0;
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

function readCached(file: string): CachedFile | null {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return null;
  }
  if (!stats.isFile()) return null;
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit;
  const body = readFileSync(file);
  const entry = { mtimeMs: stats.mtimeMs, size: stats.size, body, hash: createHash('sha1').update(body).digest('base64url').slice(0, 20) };
  if (cachedBytes + body.length > MAX_CACHED_BYTES) {
    cache.clear();
    cachedBytes = 0;
  }
  if (hit) cachedBytes -= hit.body.length;
  cache.set(file, entry);
  cachedBytes += body.length;
  return entry;
}

/** The file under root that a URL path names, or null when it would leave root. */
export function fileUnder(root: string, relativePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((segment) => segment === '..')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (file !== base && !file.startsWith(base + sep)) return null;
  return decoded === '' || decoded.endsWith('/') ? join(file, 'index.html') : file;
}

/**
 * Answers a GET or HEAD with one built file: the precompressed variant the client accepts
 * (`.br`, `.gz`), `Vary: Accept-Encoding`, an ETag, and the cache policy of its name; 304 when
 * If-None-Match still matches. Null when there is no such file.
 */
export function sendBuiltFile(c: Context, file: string, options: { cacheControl?: string } = {}): Response | null {
  const original = readCached(file);
  if (!original) return null;
  const compressible = COMPRESSIBLE.test(file);
  let chosen = original;
  let coding: string | null = null;
  if (compressible) {
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    for (const { name, suffix } of ENCODINGS) {
      if (!accepted.has(name)) continue;
      const variant = readCached(file + suffix);
      if (variant) {
        chosen = variant;
        coding = name;
        break;
      }
    }
  }
  const etag = `"${original.hash}${coding ? `-${coding}` : ''}"`;
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': options.cacheControl ?? cacheControlFor(file) };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
  headers['Content-Type'] = getMimeType(file) ?? 'application/octet-stream';
  headers['Content-Length'] = String(chosen.body.length);
  if (coding) headers['Content-Encoding'] = coding;
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(chosen.body), 200, headers);
}
