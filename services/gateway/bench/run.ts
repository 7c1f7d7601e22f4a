import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@portal/contracts';
import { REPO_ROOT } from '../src/paths';
import { BENCH_DURATION_SECONDS } from '../src/env';

interface Measurement {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p97_5: number; p99: number };
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: BENCH_DURATION_SECONDS });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** `npm run bench`: starts the servers in a child process, measures, writes bench-results/bench.json. */
const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { gatewayPort, barePort, sessionToken } = JSON.parse(firstLine) as { gatewayPort: number; barePort: number; sessionToken: string };
  const bare = await measure('bare Hono route', `http://127.0.0.1:${barePort}/bare`);
  const authenticated = await measure('authenticated JSON route (GET /api/credit-balance)', `http://127.0.0.1:${gatewayPort}/api/credit-balance`, {
    cookie: `${SESSION_COOKIE}=${sessionToken}`,
  });
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    durationSeconds: BENCH_DURATION_SECONDS,
    connections: 10,
    measurements: [bare, authenticated],
    figures: {
      authenticatedToBareRatio: Number((authenticated.requestsPerSecond / bare.requestsPerSecond).toFixed(3)),
    },
  };
  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  if (authenticated.non2xx > 0 || authenticated.errors > 0) {
    process.stderr.write('The authenticated route answered errors during the run: the figure is not valid.\n');
    process.exitCode = 1;
  }
} finally {
  child.kill();
}
