import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '@portal/identity-service';
import { makeSession } from '@portal/identity-service/testing';
import { configureLogger } from '@portal/service-kit';
import { loadGatewayEnv } from '../src/env';
import { createPlatform } from '../src/platform';
import { createGatewayApp } from '../src/gateway-app';
import { seedDemoData } from '../src/seed';

/**
 * The servers under measurement, in one process: the whole gateway (API and the built shells and
 * remotes) on a freshly seeded SQLite file (or DATABASE_URL), and a bare Hono app answering the
 * same size of JSON with no middleware.
 * Prints one JSON line with the ports, the database and a manager's session token, then serves until killed.
 * usage: tsx bench/bench-server.ts [gatewayPort] [barePort]   (0 = any free port)
 */
const [gatewayPortArg = '0', barePortArg = '0'] = process.argv.slice(2);
configureLogger({ quiet: true });
const env = loadGatewayEnv({ NODE_ENV: 'production', LOG_REQUESTS: 'false', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-bench-')) });
const platform = await createPlatform(env);
await seedDemoData(platform);
const token = await makeSession(platform.orm.em.fork(), DEMO.users.manager);

const gateway = createGatewayApp(platform);
const bare = new Hono().get('/bare', (c) => c.json({ credit_balance: 40 }));

const gatewayServer = serve({ fetch: gateway.fetch, port: Number(gatewayPortArg), hostname: '127.0.0.1' });
const bareServer = serve({ fetch: bare.fetch, port: Number(barePortArg), hostname: '127.0.0.1' });
await new Promise((resolve) => setTimeout(resolve, 200));
const portOf = (server: ReturnType<typeof serve>) => (server.address() as { port: number }).port;
const database = env.DATABASE_URL ? `MySQL/MariaDB (${new URL(env.DATABASE_URL).hostname})` : 'SQLite (a fresh temporary file)';
process.stdout.write(`${JSON.stringify({ gatewayPort: portOf(gatewayServer), barePort: portOf(bareServer), sessionToken: token, database })}\n`);
