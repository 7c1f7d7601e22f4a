import { serve } from '@hono/node-server';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';
import { configureLogger, xsrfTokenFor, type Em } from '@portal/service-kit';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { createGatewayApp, createPlatform, loadGatewayEnv, REPO_ROOT } from '@portal/gateway';
import { BENCH_SECRETS } from './env';

/** A whole gateway on a fresh SQLite file (or DATABASE_URL's database), listening on a free port, for one measurement. */
export interface BenchPortal {
  platform: Awaited<ReturnType<typeof createPlatform>>;
  baseUrl: string;
  /** An entity manager to set the data up with. */
  em: Em;
  /** What the figure was measured on, as bench.json and the tables say it. */
  database: string;
}

/** Runs `measure` against a fresh portal and takes it down again (server, platform and data folder), whatever happens. */
export async function withBenchPortal<T>(name: string, measure: (portal: BenchPortal) => Promise<T>): Promise<T> {
  configureLogger({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), `portal-bench-${name}-`));
  const env = loadGatewayEnv({ ...BENCH_SECRETS, NODE_ENV: 'production', LOG_REQUESTS: 'false', DATA_DIR: dataDir });
  const platform = await createPlatform(env);
  const server = serve({ fetch: createGatewayApp(platform).fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return await measure({
      platform,
      baseUrl,
      em: platform.orm.em.fork(),
      database: env.DATABASE_URL ? 'MySQL/MariaDB' : 'SQLite (a fresh temporary file)',
    });
  } finally {
    server.close();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A company with a signed-in manager, and the headers their unsafe requests carry (the XSRF token is an HMAC of the session's token). */
export async function signedInManager(em: Em, companyName: string) {
  const company = await makeCompany(em, { name: companyName });
  const manager = await makeUser(em, { role: 'manager', companyId: company.id, name: 'Bench Manager' });
  const token = await makeSession(em, manager.id);
  const headers = { cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrfTokenFor(token)}`, [XSRF_HEADER]: xsrfTokenFor(token) };
  return { company, manager, headers };
}

/** A part run alone (`npx tsx bench/<part>.ts`): its figure into bench-results/bench.json beside the others, its table on stdout, and a failing exit when it misses a goal. */
export function recordAloneRun(key: string, figure: object, problems: string[], markdown: string[]): void {
  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'bench.json');
  const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...results, [key]: { date: new Date().toISOString(), ...figure, problems } }, null, 2)}\n`);
  process.stdout.write(`${markdown.join('\n')}\n`);
  if (problems.length) {
    process.stdout.write(`${problems.join('\n')}\n`);
    process.exitCode = 1;
  }
}
