import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The only reader of process.env in the services (STYLE.md habit 6). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** mysql://user:pass@host:3306/db — absent: the embedded SQLite file under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  /** Public origin used in links (mails, QR codes). */
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Safety Training Portal <no-reply@portal.test>'),
  /** Where each remote's mf-manifest.json is published; defaults are the gateway's own copies. */
  REMOTE_LEARNER_URL: z.string().default('/remotes/learner/mf-manifest.json'),
  REMOTE_COMPANY_URL: z.string().default('/remotes/company/mf-manifest.json'),
  REMOTE_ADMIN_URL: z.string().default('/remotes/admin/mf-manifest.json'),
  REMOTE_VERIFY_URL: z.string().default('/remotes/verify/mf-manifest.json'),
  /**
   * The content origin (issue 13 item 2): course package files are served from here, never from
   * the portal's origin, so a package's script cannot act as its viewer. Use a host of its own in
   * production (e.g. https://content.example.com — another site than the portal's, so no portal
   * cookie reaches it). Default: the portal's address with localhost and 127.0.0.1 swapped, on
   * CONTENT_PORT.
   */
  CONTENT_ORIGIN_URL: z.string().url().optional(),
  /** Where the content server listens (default PORT + 1) and on which interface (default HOST). */
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CONTENT_HOST: z.string().optional(),
  /**
   * Where files go (course packages, logos, the certificate background): `s3://bucket/prefix` for
   * an S3-compatible store (with the AWS SDK's AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID,
   * AWS_SECRET_ACCESS_KEY), `file:///path` for a folder; absent: DATA_DIR/storage.
   */
  STORAGE_URL: z
    .string()
    .regex(/^(s3|file):\/\//, 'STORAGE_URL must start with s3:// or file://.')
    .optional(),
  /** Signs the content origin's attempt tokens; required in production, else generated once into DATA_DIR. */
  CONTENT_TOKEN_SECRET: z.string().min(16, 'CONTENT_TOKEN_SECRET must be at least 16 characters.').optional(),
  /** Set behind HTTPS so cookies are Secure. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * A reverse proxy in front of the server is trusted: its X-Forwarded-Proto says whether the
   * public address is https (cookies then Secure) and the last X-Forwarded-For hop is the client.
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_REQUESTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Answers carry a Server-Timing header with the time each stage of the request took (session
   * lookup, input, handler, JSON, total): for the bench and for finding slow stages, never on in
   * production (it tells callers how long the server's checks took).
   */
  SERVER_TIMING: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Lowers every route's body limit to at most this many bytes (e.g. to match a proxy in front). */
  MAX_BODY_BYTES: z.coerce.number().int().positive().optional(),
  /**
   * The shared secret the shop signs its order webhook with (HMAC-SHA256 of the raw body, hex, in
   * X-Shop-Signature). Outside production it defaults to DEV_SHOP_WEBHOOK_SECRET; in production
   * there is no default and the server refuses to start without it (a known secret would let
   * anyone mint credits).
   */
  SHOP_WEBHOOK_SECRET: z.string().min(16, 'SHOP_WEBHOOK_SECRET must be at least 16 characters.').optional(),
  /** The server runs a job worker and the scheduler in-process; `false` when they run as their own processes (`npm run worker`). */
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Jobs one worker process runs at the same time. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Only these queues, comma-separated (default: every queue), e.g. `mail` for a mail-only worker. */
  WORKER_QUEUES: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((q) => q.trim())
            .filter(Boolean)
        : undefined,
    ),
  /** How often an idle worker looks for due jobs. */
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** A job reservation not renewed for this long (its worker died) is taken back and the job runs again; running jobs renew theirs every quarter of it. */
  JOB_RESERVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(60 * 1000),
  /** Tries before a job moves to failed_jobs. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  /** Wait before the second try; each later wait is six times the one before. */
  JOB_BACKOFF_MS: z.coerce.number().int().min(0).default(10_000),
  /** How often the scheduler checks whether a task is due. */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(100).default(30_000),
});

/** The secrets each instance must share, so in production they come from the environment (docs/deploy.md). */
export const PRODUCTION_SECRETS = ['CONTENT_TOKEN_SECRET', 'SHOP_WEBHOOK_SECRET'] as const;

/** The shop webhook's secret in development and tests only (documented in README.md). */
export const DEV_SHOP_WEBHOOK_SECRET = 'dev-shop-webhook-secret';

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  appUrl: string;
  /** The content origin (no trailing slash), its port and interface. */
  contentOriginUrl: string;
  contentPort: number;
  contentHost: string;
  /** What shop orders must be signed with (null only where a test builds an Env by hand: webhook closed). */
  shopWebhookSecret: string | null;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    // Every instance must sign with the same secrets: none may be made up on one machine's disk.
    const missing = PRODUCTION_SECRETS.filter((name) => !env[name]);
    if (missing.length)
      throw new Error(`Invalid environment: ${missing.join(', ')} must be set when NODE_ENV=production (at least 16 characters each).`);
  }
  const dataDir = resolve(env.DATA_DIR);
  const shopWebhookSecret = env.SHOP_WEBHOOK_SECRET ?? (env.NODE_ENV === 'production' ? null : DEV_SHOP_WEBHOOK_SECRET);
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const contentPort = env.CONTENT_PORT ?? env.PORT + 1;
  return {
    ...env,
    dataDir,
    appUrl,
    contentOriginUrl: (env.CONTENT_ORIGIN_URL ?? defaultContentOrigin(appUrl, contentPort)).replace(/\/+$/, ''),
    contentPort,
    contentHost: env.CONTENT_HOST ?? env.HOST,
    shopWebhookSecret,
  };
}

/** The other loopback name: two sites on one machine (cookies and SameSite ignore ports, not host names). */
const LOOPBACK_TWIN: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/** Another site than the portal's for local use: localhost and 127.0.0.1 swapped (cookies ignore ports), on the content port. */
function defaultContentOrigin(appUrl: string, port: number): string {
  const url = new URL(appUrl);
  return `${url.protocol}//${LOOPBACK_TWIN[url.hostname] ?? url.hostname}:${port}`;
}

/**
 * The content origin as the browser behind this request must use it (issue 25 D2). A content
 * origin on a loopback name is moved to the loopback name the page was NOT opened on: a portal
 * opened at 127.0.0.1 gets its packages from localhost and the other way round, so the two are
 * always different sites (the package can neither read nor set the portal's cookies), whichever
 * address the browser used. A content origin on a real host name is used as configured.
 */
export function contentOriginFor(env: Pick<Env, 'contentOriginUrl'>, requestUrl: string): string {
  const content = new URL(env.contentOriginUrl);
  let pageHost: string;
  try {
    pageHost = new URL(requestUrl).hostname;
  } catch {
    return env.contentOriginUrl;
  }
  const twin =
    Object.hasOwn(LOOPBACK_TWIN, content.hostname) && Object.hasOwn(LOOPBACK_TWIN, pageHost) ? LOOPBACK_TWIN[pageHost] : undefined;
  if (twin === undefined) return env.contentOriginUrl;
  content.hostname = twin;
  return content.origin;
}

/** Both loopback names of a content origin on one (a portal page may be opened on either), else the origin alone. */
export function contentOriginAliases(contentOriginUrl: string): string[] {
  const url = new URL(contentOriginUrl);
  const twin = LOOPBACK_TWIN[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/**
 * A secret that must not have a default in code: read from the environment (always so in
 * production, where loadEnv refuses to start without it), or generated once into the data folder
 * for the embedded set-up (so restarts keep sessions and links valid).
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, `.${name}.secret`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
