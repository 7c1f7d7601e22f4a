import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv, loadOrCreateSecret } from './env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-env-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadOrCreateSecret', () => {
  it('generates a secret once into the data folder and returns the same value next time', () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = loadOrCreateSecret(dataDir, 'session');
    const file = join(dataDir, '.session.secret');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8')).toBe(first);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dataDir, 'session')).toBe(first);
    expect(loadOrCreateSecret(dataDir, 'other')).not.toBe(first);
  });

  it('uses the environment value when there is one, and writes nothing', () => {
    expect(loadOrCreateSecret(dir, 'session', 'from-the-environment')).toBe('from-the-environment');
    expect(existsSync(join(dir, '.session.secret'))).toBe(false);
    const generated = loadOrCreateSecret(dir, 'session');
    expect(loadOrCreateSecret(dir, 'session', 'from-the-environment')).toBe('from-the-environment');
    expect(loadOrCreateSecret(dir, 'session')).toBe(generated);
  });
});

/** What production (NODE_ENV's default) requires. */
const SECRETS = { CONTENT_TOKEN_SECRET: 'c'.repeat(32), SHOP_WEBHOOK_SECRET: 's'.repeat(32) };

describe('loadEnv', () => {
  it('fills defaults and derives the data folder and public URL', () => {
    const env = loadEnv({ ...SECRETS, DATA_DIR: dir, PORT: '4100' });
    expect(env.PORT).toBe(4100);
    expect(env.NODE_ENV).toBe('production');
    expect(env.dataDir).toBe(resolve(dir));
    expect(env.appUrl).toBe('http://localhost:4100');
    expect(env.COOKIE_SECURE).toBe(false);
    expect(env.REMOTE_COMPANY_URL).toBe('/remotes/company/mf-manifest.json');
    expect(loadEnv({ ...SECRETS, APP_URL: 'https://portal.example.test', COOKIE_SECURE: 'true' })).toMatchObject({
      appUrl: 'https://portal.example.test',
      COOKIE_SECURE: true,
    });
  });

  it.each(['not-a-port', '70000', '-1', '80.5'])('rejects PORT=%s with a message naming PORT', (port) => {
    expect(() => loadEnv({ PORT: port })).toThrow(/^Invalid environment: PORT: /);
  });

  it('names every bad variable at once', () => {
    expect(() => loadEnv({ PORT: 'x', NODE_ENV: 'staging' })).toThrow(/NODE_ENV: .*; PORT: |PORT: .*; NODE_ENV: /);
  });

  it('reads the worker settings, with defaults for a server that runs its own worker', () => {
    expect(loadEnv(SECRETS)).toMatchObject({
      RUN_WORKER: true,
      WORKER_CONCURRENCY: 2,
      JOB_MAX_ATTEMPTS: 3,
      JOB_RESERVE_TIMEOUT_MS: 60_000,
    });
    expect(loadEnv({ ...SECRETS, RUN_WORKER: 'false', WORKER_QUEUES: 'mail, default', JOB_RESERVE_TIMEOUT_MS: '1500' })).toMatchObject({
      RUN_WORKER: false,
      WORKER_QUEUES: ['mail', 'default'],
      JOB_RESERVE_TIMEOUT_MS: 1500,
    });
    expect(() => loadEnv({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
  });

  it('refuses to start in production without the shared secrets, naming each one missing', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      'CONTENT_TOKEN_SECRET, SHOP_WEBHOOK_SECRET must be set when NODE_ENV=production',
    );
    expect(() => loadEnv({ NODE_ENV: 'production', CONTENT_TOKEN_SECRET: SECRETS.CONTENT_TOKEN_SECRET })).toThrow(
      /: SHOP_WEBHOOK_SECRET must be set/,
    );
    expect(() => loadEnv({ ...SECRETS, CONTENT_TOKEN_SECRET: 'short' })).toThrow(/CONTENT_TOKEN_SECRET must be at least 16 characters/);
    expect(loadEnv({ ...SECRETS, NODE_ENV: 'production' }).shopWebhookSecret).toBe(SECRETS.SHOP_WEBHOOK_SECRET);
  });

  it('outside production the secrets stay optional (generated, or the dev shop secret)', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).shopWebhookSecret).toBe('dev-shop-webhook-secret');
    expect(loadEnv({ NODE_ENV: 'development' }).CONTENT_TOKEN_SECRET).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'test' }).CONTENT_TOKEN_SECRET).toBeUndefined();
  });

  it('takes STORAGE_URL only as s3:// or file://', () => {
    expect(loadEnv({ NODE_ENV: 'test', STORAGE_URL: 's3://bucket/prefix' }).STORAGE_URL).toBe('s3://bucket/prefix');
    expect(() => loadEnv({ NODE_ENV: 'test', STORAGE_URL: 'bucket/prefix' })).toThrow(/STORAGE_URL must start with s3:\/\/ or file:\/\//);
  });
});
