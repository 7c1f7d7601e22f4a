import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { DEMO } from '@portal/identity-service';
import { makeSession } from '@portal/identity-service/testing';
import { configureLogger, isMysqlUrl, parseServerTiming } from '@portal/service-kit';
import { createGatewayApp, createPlatform, loadGatewayEnv, seedDemoData } from '@portal/gateway';
import { BENCH_SECRETS } from './env';
import type { BareCheck, ScormCheckRequest, ScormProfileFigure, ScormProfileRequest, ScormTimeRequest } from './start-bench-server';
import { commitBody } from './scorm-client';
import { createBareApp, MEASURED_ROUTES, sessionCookies } from './bare-routes';
import { mysqlBareDatabase, sqlShape, sqliteBareDatabase, type BareDatabase } from './bare-database';
import { addReportingRows, addScormLearners, throwawayMysqlDatabase } from './bench-data';

/**
 * The servers under measurement, in one process: the whole gateway (API and the built shells and
 * remotes) on a freshly seeded database, and a bare Hono app (bare-routes.ts) answering the
 * measured routes with the same SQL through the raw driver. SQLite (a temporary file) unless
 * DATABASE_URL is a mysql:// address: then a throwaway database on that server, dropped at the end.
 *
 * With --api, before printing anything it checks that each bare route answers the same JSON as its route and
 * runs the same statements (the route's session lookup aside), and times the stages of each
 * route's requests (Server-Timing). Prints one JSON line (ports, the database, session tokens, the
 * checks, the stages), then serves until SIGTERM. Over IPC it takes
 * `{ profile: 'start' }` and `{ profile: 'stop', file }` (a V8 CPU profile of the measured window).
 * usage: tsx src/bench-server.ts (in bench/) [gatewayPort] [barePort] [databaseUrl] [--api]   (0 = any free port; no URL: DATABASE_URL or SQLite)
 */
const [gatewayPortArg = '0', barePortArg = '0', databaseUrlArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
/** `--api`: check the bare twins and time the stages (the API part of the bench); without it the server only serves (`npm run size`). */
const forApi = process.argv.includes('--api');
const STAGE_WARM_UP = 500;
const STAGE_SAMPLES = 500;
configureLogger({ quiet: true });
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const baseEnv = loadGatewayEnv({
  ...BENCH_SECRETS,
  NODE_ENV: 'production',
  LOG_REQUESTS: 'false',
  DATA_DIR: dataDir,
  ...(databaseUrlArg ? { DATABASE_URL: databaseUrlArg } : {}),
});
const throwaway = isMysqlUrl(baseEnv.DATABASE_URL) ? await throwawayMysqlDatabase(baseEnv.DATABASE_URL, dataDir) : null;
const env = throwaway ? { ...baseEnv, DATABASE_URL: throwaway.url } : baseEnv;
const platform = await createPlatform(env);
await seedDemoData(platform);
await addReportingRows(platform.orm.em.fork(), 120);
const learnerToken = await makeSession(platform.orm.em.fork(), DEMO.users.learner);
const managerToken = await makeSession(platform.orm.em.fork(), DEMO.users.manager);

const knexClient = platform.orm.em.getKnex().client as unknown as { driver: never };
const bareDb: BareDatabase = throwaway
  ? mysqlBareDatabase(knexClient.driver, throwaway.url)
  : sqliteBareDatabase(knexClient.driver, join(env.dataDir, 'portal.sqlite'));
const gateway = createGatewayApp(platform);
const bare = createBareApp(bareDb, { learnerId: DEMO.users.learner, companyId: DEMO.companies.demo });

const tokens = { learner: learnerToken, manager: managerToken };
const checks = [];
const timedGateway = createGatewayApp({ ...platform, env: { ...platform.env, SERVER_TIMING: true } }, { serveFrontends: false });
const stages = [];
if (forApi) {
  for (const route of MEASURED_ROUTES) checks.push({ path: route.path, ...(await compare(route.path, tokens[route.as])) });
  for (const route of MEASURED_ROUTES) stages.push({ path: route.path, ...(await timeStages(route.path, tokens[route.as])) });
}

// Requests still being answered: at the end the load's last ones may still wait for a connection
// after their clients have gone, and the databases must outlive them. Route and twin are counted
// alike, so both pay the same for it.
let inFlight = 0;
let idle: (() => void) | null = null;
const counted =
  (app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }) =>
  async (request: Request, env?: unknown): Promise<Response> => {
    inFlight++;
    try {
      return await app.fetch(request, env);
    } finally {
      if (--inFlight === 0) idle?.();
    }
  };
const gatewayServer = serve({ fetch: counted(gateway), port: Number(gatewayPortArg), hostname: '127.0.0.1' });
const bareServer = serve({ fetch: counted(bare), port: Number(barePortArg), hostname: '127.0.0.1' });
await Promise.all(
  [gatewayServer, bareServer].map(
    (server) => new Promise((resolve) => (server.listening ? resolve(null) : server.once('listening', resolve))),
  ),
);
const portOf = (server: ReturnType<typeof serve>) => (server.address() as { port: number }).port;
const database = throwaway ? `MySQL/MariaDB (${new URL(throwaway.url).hostname}, a throwaway database)` : 'SQLite (a fresh temporary file)';

const profiler = new Session();
process.on(
  'message',
  (message: {
    profile?: 'start' | 'stop';
    file?: string;
    scormLearners?: number;
    scormCheck?: ScormCheckRequest;
    scormTime?: ScormTimeRequest;
    scormProfile?: ScormProfileRequest;
    scormLogs?: number[];
  }) => {
    void (async () => {
      if (message.scormLearners) {
        process.send?.({ scormLearners: await addScormLearners(platform.orm.em.fork(), message.scormLearners) });
        return;
      }
      if (message.scormCheck) {
        process.send?.({ scormCheck: await compareCommit(message.scormCheck) });
        return;
      }
      if (message.scormTime) {
        process.send?.({ scormTime: await timeCommits(message.scormTime) });
        return;
      }
      if (message.scormProfile) {
        process.send?.({ scormProfile: await profileCommits(message.scormProfile) });
        return;
      }
      if (message.scormLogs) {
        process.send?.({ scormLogs: await scormLogsOf(message.scormLogs) });
        return;
      }
      if (message.profile === 'start') {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      } else if (message.profile === 'stop' && message.file) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
        profiler.disconnect();
      }
      process.send?.({ profiled: message.profile });
    })();
  },
);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    // Let requests still in flight (queued for a connection after the load ended) finish before the database goes.
    await Promise.all([gatewayServer, bareServer].map((server) => new Promise((resolve) => server.close(resolve))));
    if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
    await bareDb.close();
    await platform.close();
    await throwaway?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});

process.stdout.write(
  `${JSON.stringify({ gatewayPort: portOf(gatewayServer), barePort: portOf(bareServer), sessionToken: managerToken, learnerToken, managerToken, database, checks, stages })}\n`,
);

/**
 * One request to the route and one to its bare twin, in process: the two bodies must be equal and
 * the statements the same (the route's session lookup left out: that is the route's own work).
 */
async function compare(path: string, token: string) {
  const statements: string[] = [];
  const knex = platform.orm.em.getKnex();
  const listen = (query: { sql: string }) => statements.push(query.sql);
  knex.on('query', listen);
  const response = await gateway.request(path, { headers: { cookie: sessionCookies(token) } });
  knex.off('query', listen);
  const routeBody: unknown = await response.json();
  bareDb.record();
  const bareBody: unknown = await (await bare.request(path)).json();
  const bareStatements = bareDb.recorded ?? [];
  bareDb.recorded = null;
  const routeShapes = statements.map(sqlShape).filter((sql) => !/ from `sessions`/.test(sql));
  const bareShapes = bareStatements.map(sqlShape);
  const sameSql = isDeepStrictEqual([...routeShapes].sort(), [...bareShapes].sort());
  const sameBody = response.status === 200 && isDeepStrictEqual(routeBody, bareBody);
  return {
    status: response.status,
    sameBody,
    sameSql,
    statements: routeShapes.length,
    ...(sameSql ? {} : { routeSql: routeShapes, bareSql: bareShapes }),
    ...(sameBody ? {} : { routeBody, bareBody }),
  };
}

/**
 * Where one request's time goes, in process and one at a time (no HTTP, no other request
 * waiting): the median of each Server-Timing stage of the route over STAGE_SAMPLES requests,
 * `middleware` being the gateway's share of `total` outside the route, and the bare route's whole
 * time the same way. Microseconds.
 */
async function timeStages(path: string, token: string) {
  const samples: Record<string, number>[] = [];
  const bareTotals: number[] = [];
  let routeCpu = 0;
  let bareCpu = 0;
  for (let i = 0; i < STAGE_WARM_UP + STAGE_SAMPLES; i++) {
    let cpu = process.cpuUsage();
    const response = await timedGateway.request(path, { headers: { cookie: sessionCookies(token) } });
    await response.arrayBuffer();
    if (i >= STAGE_WARM_UP) routeCpu += cpuMicros(process.cpuUsage(cpu));
    cpu = process.cpuUsage();
    const started = performance.now();
    await (await bare.request(path)).arrayBuffer();
    if (i < STAGE_WARM_UP) continue;
    bareCpu += cpuMicros(process.cpuUsage(cpu));
    bareTotals.push(performance.now() - started);
    const timing = parseServerTiming(response.headers.get('Server-Timing'));
    const routeStages = Object.entries(timing).filter(([stage]) => stage !== 'total');
    samples.push({
      ...Object.fromEntries(routeStages),
      middleware: (timing.total ?? 0) - routeStages.reduce((sum, [, ms]) => sum + ms, 0),
      total: timing.total ?? 0,
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const micros = (ms: number) => Math.round(ms * 1000);
  const names = [...new Set(samples.flatMap((sample) => Object.keys(sample)))];
  return {
    samples: STAGE_SAMPLES,
    routeMicros: Object.fromEntries(names.map((name) => [name, micros(median(samples.map((sample) => sample[name] ?? 0)))])),
    bareMicros: micros(median(bareTotals)),
    // CPU time of the process per request (user + system), which the machine's other load does not stretch as it does wall time.
    routeCpuMicros: Math.round(routeCpu / STAGE_SAMPLES),
    bareCpuMicros: Math.round(bareCpu / STAGE_SAMPLES),
  };
}

function cpuMicros(usage: NodeJS.CpuUsage): number {
  return usage.user + usage.system;
}

/**
 * The start-up check of the commit's twin: one commit through the gateway (in process, statements
 * caught from knex) and the next one of another learner through the bare route (statements
 * recorded): same statements, both answered 200. Both learners have committed once before, so
 * both commits are the steady kind (their SCO state exists, the enrolment is in progress).
 */
async function compareCommit(request: ScormCheckRequest): Promise<BareCheck> {
  const statements: string[] = [];
  const knex = platform.orm.em.getKnex();
  const listen = (query: { sql: string }) => statements.push(query.sql);
  knex.on('query', listen);
  const response = await gateway.request(request.routeUrl, {
    method: 'POST',
    headers: { cookie: sessionCookies(request.routeToken), 'content-type': 'application/json' },
    body: request.body,
  });
  knex.off('query', listen);
  await response.arrayBuffer();
  bareDb.record();
  const bareResponse = await bare.request(request.bareUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request.body,
  });
  await bareResponse.arrayBuffer();
  const bareStatements = bareDb.recorded ?? [];
  bareDb.recorded = null;
  const transactionControl = /^(begin|commit|rollback|start transaction)\b/;
  const routeShapes = statements.map(sqlShape).filter((sql) => !/ from `sessions`/.test(sql) && !transactionControl.test(sql));
  const bareShapes = bareStatements.map(sqlShape).filter((sql) => !transactionControl.test(sql));
  const sameSql = isDeepStrictEqual(routeShapes, bareShapes);
  const sameBody = response.status === 200 && bareResponse.status === 200;
  return {
    path: 'POST /api/learn/attempts/{id}/commit',
    status: response.status,
    sameBody,
    sameSql,
    statements: routeShapes.length,
    ...(sameSql ? {} : { routeSql: routeShapes, bareSql: bareShapes }),
  };
}

/** Per attempt: the SCORM log's rows, distinct commit numbers and highest number (nothing lost or applied twice). */
async function scormLogsOf(attemptIds: number[]) {
  const knex = platform.orm.em.getKnex();
  const rows = (await knex('scorm_logs')
    .select('attempt_id')
    .count({ entries: '*' })
    .countDistinct({ numbers: 'seq' })
    .max({ last: 'seq' })
    .whereIn('attempt_id', attemptIds)
    .groupBy('attempt_id')) as { attempt_id: number; entries: number; numbers: number; last: number }[];
  return rows.map((r) => ({
    attemptId: Number(r.attempt_id),
    entries: Number(r.entries),
    numbers: Number(r.numbers),
    last: Number(r.last),
  }));
}

/**
 * One commit at a time in process (no HTTP, nothing else waiting): `count` commits through the
 * gateway for one learner, then as many through the twin for another, numbered on from `firstSeq`.
 * Median wall time and CPU time of the process per commit, microseconds.
 */
async function timeCommits(request: ScormTimeRequest) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const measure = async (send: (seq: number) => Response | Promise<Response>) => {
    const walls: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < request.count; i++) {
      const started = performance.now();
      const response = await send(request.firstSeq + i);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`a timed commit answered ${response.status}`);
      walls.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    return { wallMicros: Math.round(median(walls) * 1000), cpuMicros: Math.round((used.user + used.system) / request.count) };
  };
  const route = await measure((seq) => gateway.request(request.routeUrl, commitInit(commitBody(seq), request.routeToken)));
  const twin = await measure((seq) => bare.request(request.bareUrl, commitInit(commitBody(seq))));
  return { count: request.count, route, twin };
}

/** A commit as an HTTP client sends it (with its Content-Length), in process: the route's with the learner's session. */
const commitInit = (body: string, sessionToken?: string): RequestInit => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...(sessionToken ? { cookie: sessionCookies(sessionToken) } : {}),
  },
  body,
});

/** The profiles' sampling interval: a commit takes a few milliseconds, so V8's default of 1 ms would see little of it. */
const PROFILE_SAMPLING_MICROS = 100;

/**
 * Steady commits in process, one at a time, under a V8 CPU profile: the route's learners first,
 * then the twin's, each profile written to its own file. Each learner's first `warmUp` commits
 * are not profiled (the statements' shapes compiled, the code optimised).
 */
async function profileCommits(request: ScormProfileRequest): Promise<ScormProfileFigure> {
  const profiled = async (sends: ((seq: number) => Response | Promise<Response>)[], file: string) => {
    const commit = async (send: (seq: number) => Response | Promise<Response>, seq: number) => {
      const response = await send(seq);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`a profiled commit answered ${response.status}`);
    };
    for (const send of sends) for (let i = 0; i < request.warmUp; i++) await commit(send, request.firstSeq + i);
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: PROFILE_SAMPLING_MICROS });
    await profiler.post('Profiler.start');
    const cpu = process.cpuUsage();
    for (const send of sends) for (let i = request.warmUp; i < request.count; i++) await commit(send, request.firstSeq + i);
    const used = process.cpuUsage(cpu);
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    profiler.disconnect();
    return { file, cpuMicros: Math.round(cpuMicros(used) / (sends.length * (request.count - request.warmUp))) };
  };
  const route = await profiled(
    request.route.map((learner) => (seq: number) => gateway.request(learner.url, commitInit(commitBody(seq), learner.token))),
    `${request.file}-route.cpuprofile`,
  );
  const twin = await profiled(
    request.twin.map((learner) => (seq: number) => bare.request(learner.url, commitInit(commitBody(seq)))),
    `${request.file}-twin.cpuprofile`,
  );
  return { commits: request.route.length * (request.count - request.warmUp), route, twin };
}
