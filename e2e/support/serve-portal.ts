import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startMailSink } from './mail-sink';
import { E2E_SHOP_WEBHOOK_SECRET } from './shop';

/**
 * Starts the real portal (gateway, all services, built shells and remotes) for the e2e suite on
 * a fresh database: a temporary SQLite file, or with `mysql` a new database on MYSQL_URL's server.
 * usage: tsx support/serve-portal.ts <sqlite|mysql> <port> (E2E_PORTAL_ENV: JSON of more variables for the portal)
 */
const [database = 'sqlite', port = '3310'] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../..');
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(join(tmpdir(), `portal-e2e-${database}-`)),
  NODE_ENV: 'production',
  LOG_REQUESTS: 'false',
  // Production mode has no webhook secret by default; the specs sign shop orders with this one.
  SHOP_WEBHOOK_SECRET: E2E_SHOP_WEBHOOK_SECRET,
  // Production refuses to start without its shared secrets (docs/deploy.md).
  CONTENT_TOKEN_SECRET: process.env.CONTENT_TOKEN_SECRET ?? 'e2e-content-token-secret-5b81d7e0',
  // Course packages on another site than the portal's 127.0.0.1 (contentOrigin in playwright.config.ts).
  CONTENT_PORT: String(Number(port) + 20),
  CONTENT_ORIGIN_URL: `http://localhost:${Number(port) + 20}`,
  // A launcher in front of it (serve-same-site.ts) names the public addresses it gives the portal.
  ...(JSON.parse(process.env.E2E_PORTAL_ENV ?? '{}') as Record<string, string>),
};

if (database === 'mysql') {
  const server = new URL(process.env.MYSQL_URL ?? '');
  const admin = await createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
  });
  // Databases of earlier runs that were killed before they could clean up.
  const [old] = await admin.query("SHOW DATABASES LIKE 'portal\\_e2e\\_%'");
  // Only those over two hours old: a younger one may belong to a run still going on this machine.
  for (const row of old as Record<string, string>[]) {
    const database = Object.values(row)[0]!;
    const createdAt = Number(database.replace('portal_e2e_', ''));
    if (Number.isFinite(createdAt) && Date.now() - createdAt > 2 * 60 * 60 * 1000) await admin.query(`DROP DATABASE \`${database}\``);
  }
  const name = `portal_e2e_${Date.now()}`;
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  server.pathname = `/${name}`;
  env.DATABASE_URL = server.toString();
}

// Mail goes over real SMTP to a sink the specs can read (identity's sign-in and reset links).
const sink = await startMailSink(Number(port));
env.SMTP_URL = sink.smtpUrl;

// The built runtime, as production runs it (`npm run build -w @portal/gateway`, part of turbo's build).
const child = spawn(process.execPath, [join(root, 'services/gateway/dist/main.js')], { env, stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
