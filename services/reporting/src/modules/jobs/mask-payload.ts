/** Keys whose values never reach the screen (sign-in links, reset tokens, passwords…). */
const SECRET_KEY = /token|password|secret|link/i;
/** Query parameters of a URL that carry a credential. */
const SECRET_PARAM = /token|signature|sig|secret|key|code|password/i;
/** A path segment long and random enough to be a token (a hash or a signed id). */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{24,}$/;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>)]+/g;
export const MASK = '••••••';
/** Long texts (base64 attachments) are shown by size only. */
const LONG_TEXT = 2000;

function maskUrl(text: string): string {
  const queryAt = text.search(/[?#]/);
  const [path, rest] = queryAt === -1 ? [text, ''] : [text.slice(0, queryAt), text.slice(queryAt)];
  const origin = /^https?:\/\/[^/]*/.exec(path)?.[0] ?? '';
  const maskedPath =
    origin +
    path
      .slice(origin.length)
      .split('/')
      .map((segment) => (TOKEN_SEGMENT.test(segment) ? MASK : segment))
      .join('/');
  const maskedRest = rest.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, lead: string, key: string) =>
    SECRET_PARAM.test(key) ? `${lead}${key}=${MASK}` : whole,
  );
  return maskedPath + maskedRest;
}

function maskText(text: string): string {
  if (text.length > LONG_TEXT) return `(${text.length} characters not shown)`;
  return text.replace(URL_IN_TEXT, maskUrl);
}

/**
 * A job's payload as an admin may see it: values under secret-looking keys masked, URLs that
 * carry a token masked where they carry it, long blobs replaced by their size.
 */
export function maskPayload(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskPayload);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) && inner !== null ? MASK : maskPayload(inner)]),
    );
  }
  return value;
}

/** A stored payload (JSON text) parsed and masked; text that is not JSON is masked as text. */
export function readMaskedPayload(stored: string): unknown {
  try {
    return maskPayload(JSON.parse(stored) as unknown);
  } catch {
    return maskText(stored);
  }
}
