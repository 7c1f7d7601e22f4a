import autocannon from 'autocannon';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@portal/gateway';
import { BENCH_API_ROUNDS, BENCH_DURATION_SECONDS, BENCH_PROFILE } from './env';
import { MEASURED_ROUTES, sessionCookies } from './bare-routes';
import { inclusiveTime, summariseProfile, type CpuProfile } from './profile-summary';
import type { BareCheck, BenchServer } from './start-bench-server';

/** Issue 14 item 4: each authenticated JSON route at least half as fast as its bare twin. */
export const API_RATIO_TARGET = 0.5;
const CONNECTIONS = 10;

export interface Measurement {
  requestsPerSecond: number;
  latencyMs: { p50: number; p97_5: number; p99: number };
  errors: number;
  non2xx: number;
}

/** A series measured once per round: the median of the rounds, and each round. */
export interface Series extends Measurement {
  rounds: number[];
}

export interface RouteFigure {
  name: string;
  path: string;
  as: string;
  route: Series;
  bare: Series;
  /** The median of the rounds' ratios (each round measures the route and its bare twin back to back). */
  ratioToBare: number;
  roundRatios: number[];
  check: BareCheck | null;
  profile?: RouteProfile;
}

export interface ApiFigure {
  database: string;
  durationSeconds: number;
  connections: number;
  rounds: number;
  /** Hono answering fixed JSON, no SQL: what HTTP and the framework cost on their own. */
  floor: Series;
  routes: RouteFigure[];
  /** /reporting as a browser asks for it (brotli offered): the compression of its answer included. */
  asBrowser: Series & { name: string; ratioToBare: number };
}

async function measureOnce(url: string, headers: Record<string, string>): Promise<Measurement> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: BENCH_DURATION_SECONDS });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ratio = (value: number, baseline: number) => Number((value / baseline).toFixed(3));

function series(measurements: Measurement[]): Series {
  return {
    requestsPerSecond: Math.round(median(measurements.map((m) => m.requestsPerSecond))),
    latencyMs: {
      p50: median(measurements.map((m) => m.latencyMs.p50)),
      p97_5: median(measurements.map((m) => m.latencyMs.p97_5)),
      p99: median(measurements.map((m) => m.latencyMs.p99)),
    },
    errors: measurements.reduce((sum, m) => sum + m.errors, 0),
    non2xx: measurements.reduce((sum, m) => sum + m.non2xx, 0),
    rounds: measurements.map((m) => m.requestsPerSecond),
  };
}

/**
 * The API figures on one bench server: per round, the floor, then each route's bare twin and the
 * route back to back (so a burst of load elsewhere on the machine hits both of a pair), and
 * /reporting as a browser asks; every figure the median of BENCH_API_ROUNDS rounds.
 */
export async function benchApi(server: BenchServer, log: (line: string) => void = () => {}): Promise<ApiFigure> {
  const cookie = (as: 'learner' | 'manager') => sessionCookies(as === 'learner' ? server.learnerToken : server.managerToken);
  const floor: Measurement[] = [];
  const bare = MEASURED_ROUTES.map(() => [] as Measurement[]);
  const route = MEASURED_ROUTES.map(() => [] as Measurement[]);
  const asBrowser: Measurement[] = [];
  const reporting = MEASURED_ROUTES.findIndex((r) => r.path.startsWith('/api/reporting/'));
  for (let round = 0; round < BENCH_API_ROUNDS; round++) {
    floor.push(await measureOnce(`${server.bareUrl}/bare`, {}));
    for (const [index, r] of MEASURED_ROUTES.entries()) {
      bare[index]!.push(await measureOnce(`${server.bareUrl}${r.path}`, {}));
      route[index]!.push(await measureOnce(`${server.baseUrl}${r.path}`, { cookie: cookie(r.as) }));
      log(
        `round ${round + 1}: ${r.path} ${route[index]!.at(-1)!.requestsPerSecond} req/s, bare ${bare[index]!.at(-1)!.requestsPerSecond} req/s`,
      );
    }
    const r = MEASURED_ROUTES[reporting]!;
    asBrowser.push(await measureOnce(`${server.baseUrl}${r.path}`, { cookie: cookie(r.as), 'accept-encoding': 'gzip, deflate, br, zstd' }));
  }
  const routes: RouteFigure[] = MEASURED_ROUTES.map((r, index) => {
    const roundRatios = route[index]!.map((m, k) => ratio(m.requestsPerSecond, bare[index]![k]!.requestsPerSecond));
    return {
      name: r.name,
      path: r.path,
      as: r.as,
      route: series(route[index]!),
      bare: series(bare[index]!),
      ratioToBare: Number(median(roundRatios).toFixed(3)),
      roundRatios,
      check: server.checks.find((check) => check.path === r.path) ?? null,
    };
  });
  if (BENCH_PROFILE) {
    for (const figure of routes) figure.profile = await profileRoute(server, figure, cookie(figure.as as 'learner' | 'manager'));
  }
  const browserSeries = series(asBrowser);
  return {
    database: server.database,
    durationSeconds: BENCH_DURATION_SECONDS,
    connections: CONNECTIONS,
    rounds: BENCH_API_ROUNDS,
    floor: series(floor),
    routes,
    asBrowser: {
      name: `${MEASURED_ROUTES[reporting]!.name}, with a browser's Accept-Encoding (gzip, deflate, br, zstd)`,
      ...browserSeries,
      ratioToBare: ratio(browserSeries.requestsPerSecond, routes[reporting]!.bare.requestsPerSecond),
    },
  };
}

export interface RouteProfile {
  file: string;
  busyMs: number;
  idleMs: number;
  groups: { name: string; ms: number; share: number }[];
  /** Inclusive shares of the busy time by stage of the request (synchronous parts of each stage). */
  stages: { stage: string; share: number }[];
}

/**
 * Where the route's server spends its time: a CPU profile of the server process while autocannon
 * loads the route (not counted in the figures: the profiler slows it down), summed by package and
 * by stage of the request.
 */
async function profileRoute(server: BenchServer, figure: RouteFigure, cookie: string): Promise<RouteProfile> {
  const folder = join(REPO_ROOT, 'bench-results', 'profiles');
  mkdirSync(folder, { recursive: true });
  const name = figure.path
    .replace(/\?.*/, '')
    .replace(/[^a-z]+/gi, '-')
    .replace(/^-|-$/g, '');
  const file = join(folder, `${name}-${server.database.startsWith('SQLite') ? 'sqlite' : 'mysql'}.cpuprofile`);
  await autocannon({ url: `${server.baseUrl}${figure.path}`, headers: { cookie }, connections: CONNECTIONS, duration: 1 });
  await server.startProfile();
  await autocannon({
    url: `${server.baseUrl}${figure.path}`,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: BENCH_DURATION_SECONDS,
  });
  await server.stopProfile(file);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const summary = summariseProfile(profile, 15);
  const busy = summary.busyMs || 1;
  const stages = Object.entries(REQUEST_STAGES).map(([stage, match]) => ({
    stage,
    share: Number((inclusiveTime(profile, match) / busy).toFixed(3)),
  }));
  return { file: file.slice(REPO_ROOT.length + 1), ...summary, groups: summary.groups, stages };
}

/** The stages of a request, by the frames that do them (see docs/benchmarks.md "Request path"). */
export const REQUEST_STAGES: Record<string, RegExp> = {
  'HTTP in and out (node:http, @hono/node-server)': /node:_http|node:net|node:stream|@hono\/node-server|\(native\) writev|^writev /,
  'routing and middleware (hono)': /node_modules\/hono\//,
  'session lookup (resolvePrincipal)': /^resolvePrincipal /,
  'input validation (zod)': /node_modules\/zod\//,
  'ORM (MikroORM: entity manager, query building, hydration)': /node_modules\/@mikro-orm\//,
  'query building (knex)': /node_modules\/knex\/|node_modules\/tarn\//,
  'driver (libsql / mysql2)': /node_modules\/(libsql|mysql2)\//,
  'JSON serialisation (JSON.stringify)': /^stringify |^(anonymous)? ?.*\bjson\b.*hono/,
  'compression (zlib)': /node:zlib|^brotli|^gzip/,
  'garbage collection': /^\(garbage collector\)/,
};
