/**
 * The one spelling of a stored file's path as a request names it (issue 31 item 5). A path is
 * taken from the raw request address, after its fixed prefix, and decoded exactly once, segment by
 * segment; it is refused when any spelling could name another file than it seems to: an encoded
 * separator (`%2F`, `%5C`) or NUL, a dot segment however written (`.`, `..`, `%2e%2E`), an empty
 * segment, a backslash or a control character. What is left is the canonical key's tail: every
 * check after this (which folder, who may read it) sees the file that will be served.
 */

/** `%2F`, `%5C` and `%00` in any case: a separator or NUL that must never come from decoding. */
const ENCODED_FORBIDDEN = /%(?:2f|5c|00)/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The decoded segments of `rawTail` (a path as it arrived, still percent-encoded), or null when it has no one safe spelling. */
export function storedPathSegments(rawTail: string): string[] | null {
  if (rawTail === '' || ENCODED_FORBIDDEN.test(rawTail)) return null;
  const segments: string[] = [];
  for (const raw of rawTail.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\') || CONTROL.test(segment))
      return null;
    segments.push(segment);
  }
  return segments;
}

/**
 * The part of a request's raw path after `prefix` (both as sent, percent-encoded), or null when the
 * path does not start with it. Read from the request's own address, never from a router's decoded
 * copy (which has decoded some escapes already: decoding again would decode twice).
 */
export function rawPathAfter(requestUrl: string, prefix: string): string | null {
  const path = new URL(requestUrl).pathname;
  return path.startsWith(prefix) ? path.slice(prefix.length) : null;
}

/** A number in its one spelling (`4`, never `04` or `4.0`): ids in a stored file's path. */
export const isCanonicalId = (text: string): boolean => /^(?:0|[1-9][0-9]{0,15})$/.test(text);
