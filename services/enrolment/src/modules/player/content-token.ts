import { createHmac } from 'node:crypto';
import { loadOrCreateSecret, safeEqual, type Env } from '@portal/service-kit';

/**
 * The content origin's capability (issue 13 item 2): a short-lived token in the URL path
 * (`/c/{token}/…`) that lets the content server hand out the files of one course's package for
 * one player attempt, and nothing else. It is signed, so the content server needs no database and
 * never looks at cookies: `{attemptId}.{courseId}.{expires, unix seconds}.{HMAC-SHA256}`.
 */
export const CONTENT_TOKEN_HOURS = 8;

const secrets = new Map<string, string>();
/** The signing secret: CONTENT_TOKEN_SECRET, or one generated once into DATA_DIR (shared by every process on it). */
export function contentTokenSecret(env: Pick<Env, 'dataDir' | 'CONTENT_TOKEN_SECRET'>): string {
  const key = `${env.dataDir}\0${env.CONTENT_TOKEN_SECRET ?? ''}`;
  let secret = secrets.get(key);
  if (!secret) {
    secret = loadOrCreateSecret(env.dataDir, 'content-token', env.CONTENT_TOKEN_SECRET);
    secrets.set(key, secret);
  }
  return secret;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`content:${payload}`).digest('base64url');

export function signContentToken(secret: string, grant: { attemptId: number; courseId: number; expiresAt: Date }): string {
  const payload = `${grant.attemptId}.${grant.courseId}.${Math.floor(grant.expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The attempt and course a token grants, or null when it is forged, malformed or expired. */
export function verifyContentToken(secret: string, token: string, now: Date): { attemptId: number; courseId: number } | null {
  const [, attemptId, courseId, expires, signature] = /^(\d{1,12})\.(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
  if (signature === undefined || !safeEqual(signature, sign(secret, `${attemptId}.${courseId}.${expires}`))) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return { attemptId: Number(attemptId), courseId: Number(courseId) };
}

/** Where the player frames a SCO: the content origin, the attempt's token, the SCO's href in the package. */
export function contentUrl(env: Pick<Env, 'contentOriginUrl'>, token: string, href: string): string {
  return `${env.contentOriginUrl}/c/${token}/${href.replace(/^\.?\//, '')}`;
}
