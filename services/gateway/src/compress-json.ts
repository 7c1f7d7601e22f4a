import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptedEncodings } from './static-files';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a JSON body is sent as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses JSON answers on the fly (brotli at a fast quality, or gzip) for clients that accept
 * it, when the body is at least COMPRESS_THRESHOLD_BYTES. JSON is built in memory anyway, so the
 * body is measured before deciding; streams (file downloads) and anything already encoded are left alone.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('Content-Type') ?? '';
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || response.headers.has('Content-Encoding') || c.req.method === 'HEAD') return;
    const vary = response.headers.get('Vary');
    if (!vary || !/\baccept-encoding\b/i.test(vary)) response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    // Decide from the headers before touching the body: reading it takes the server's fast path
    // for plain string bodies away (half the throughput of a small JSON route).
    const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
    const coding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
    if (!coding || !response.body) return;
    const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
    if (length < COMPRESS_THRESHOLD_BYTES) return;
    const body = Buffer.from(await response.arrayBuffer());
    let sent: Buffer = body;
    if (body.length >= COMPRESS_THRESHOLD_BYTES) {
      sent =
        coding === 'br'
          ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : await gzipAsync(body, { level: 6 });
    }
    const headers = new Headers(response.headers);
    headers.set('Content-Length', String(sent.length));
    if (sent !== body) headers.set('Content-Encoding', coding);
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent), { status: response.status, statusText: response.statusText, headers });
  };
}
