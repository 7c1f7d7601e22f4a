import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import S3rver from 's3rver';
import { startMailSink } from './mail-sink';
import { E2E_SHOP_WEBHOOK_SECRET } from './shop';
import { routeTable } from '@portal/contracts';
import { clusterPorts, type InstanceInfo } from './cluster-control';

/**
 * The production shape on one machine (issue 21 item 5; docs/deploy.md): Debian's nginx in front
 * of two instances of each service, of the gateway and of the content origin, two job workers,
 * one MariaDB database and one S3-compatible store (s3rver) shared by all. The portal is at nginx's `port`, course
 * content at `port + 20`, mail in the sink beside it (as serve-portal.ts), and a control server at
 * `port + 30` lets cluster.spec.ts kill, stop and start instances while it loads them.
 * usage: tsx support/serve-cluster.ts <port>
 */
const port = Number(process.argv[2] ?? 3350);
const ports = clusterPorts(port);
const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
const children = new Set<ChildProcess>();

const began = Date.now();
function log(line: string) {
  process.stderr.write(`[cluster ${((Date.now() - began) / 1000).toFixed(1)} s] ${line}\n`);
}

// One MariaDB database for every instance.
const server = new URL(process.env.MYSQL_URL ?? '');
if (!process.env.MYSQL_URL) throw new Error('The cluster runs on MariaDB: set MYSQL_URL.');
const admin = await createConnection({
  host: server.hostname,
  port: Number(server.port || 3306),
  user: decodeURIComponent(server.username),
  password: decodeURIComponent(server.password),
});
const database = `portal_cluster_${Date.now()}`;
await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
server.pathname = `/${database}`;

const sink = await startMailSink(port);
// The files every instance shares: an S3-compatible server on a folder (npm s3rver), as production points at a bucket.
const s3 = new S3rver({
  address: '127.0.0.1',
  port: ports.s3,
  silent: true,
  directory: join(work, 's3'),
  configureBuckets: [{ name: 'portal' }],
});
await s3.run();
const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: server.toString(),
  DATA_DIR: join(work, 'data'),
  STORAGE_URL: 's3://portal/cluster',
  AWS_ENDPOINT_URL: `http://127.0.0.1:${ports.s3}`,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  APP_URL: `http://127.0.0.1:${port}`,
  CONTENT_ORIGIN_URL: `http://localhost:${ports.content}`,
  CONTENT_HOST: '127.0.0.1',
  // Every instance signs and checks the same tokens: a secret from the environment, as in production.
  CONTENT_TOKEN_SECRET: randomBytes(32).toString('hex'),
  SHOP_WEBHOOK_SECRET: E2E_SHOP_WEBHOOK_SECRET,
  SMTP_URL: sink.smtpUrl,
  TRUST_PROXY: 'true',
  LOG_REQUESTS: 'false',
  RUN_WORKER: 'false',
  WORKER_POLL_MS: '200',
};

/** How each kind of process starts: the same build as `npm start`, with plain node (docs/deploy.md). */
const built = (start: string, ...args: string[]) => [
  process.execPath,
  '--enable-source-maps',
  join(root, 'services/gateway/dist', `${start}.js`),
  ...args,
];

interface Instance extends InstanceInfo {
  command: string[];
  env: Record<string, string | undefined>;
  child: ChildProcess | null;
}

const instances: Instance[] = [];
function addInstance(
  name: string,
  kind: InstanceInfo['kind'],
  instancePort: number | null,
  command: string[],
  extra: Record<string, string> = {},
) {
  instances.push({
    name,
    kind,
    port: instancePort,
    healthPath: null,
    command,
    env: { ...env, ...extra },
    child: null,
    pid: null,
    up: false,
  });
}
let next = ports.firstInstance;
for (const n of [1, 2]) {
  // The gateway's own content server is not used here: the content origin runs as its own instances.
  addInstance(`gateway-${n}`, 'gateway', next, built('main'), { PORT: String(next), CONTENT_PORT: String(next + 50) });
  next += 1;
}
for (const n of [1, 2]) {
  addInstance(`content-${n}`, 'content', next, built('content-origin'), { CONTENT_PORT: String(next) });
  next += 1;
}
for (const service of ['identity', 'catalogue', 'enrolment', 'reporting'] as const) {
  for (const n of [1, 2]) {
    addInstance(`${service}-${n}`, service, next, built('standalone', service), { PORT: String(next) });
    next += 1;
  }
}
for (const n of [1, 2]) addInstance(`worker-${n}`, 'worker', null, built('worker'));
for (const instance of instances) {
  instance.healthPath = instance.kind === 'gateway' ? '/api/health' : instance.kind === 'worker' ? null : '/health';
}

/** A GET on 127.0.0.1: its status, or null when nothing answered in time. */
function statusOf(targetPort: number, path: string, timeout = 1000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: targetPort, path, timeout }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('error', () => resolve(null));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

async function healthy(instance: Instance): Promise<boolean> {
  if (instance.port === null || instance.healthPath === null) return instance.child?.exitCode === null;
  return (await statusOf(instance.port, instance.healthPath)) === 200;
}

async function waitUntil(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function spawnLogged(name: string, command: string[], childEnv: Record<string, string | undefined>): ChildProcess {
  const out = openSync(join(work, `${name}.log`), 'a');
  const child = spawn(command[0]!, command.slice(1), { env: childEnv, cwd: root, stdio: ['ignore', out, out] });
  closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts an instance and answers once it serves. With `settle`, once nginx sends it traffic too:
 * nginx leaves an instance that failed out for its fail_timeout and only then tries it again, so a
 * deployment waits for that before taking the next one down (docs/deploy.md "Rolling restart").
 */
async function start(instance: Instance, settle = false) {
  const child = spawnLogged(instance.name, instance.command, instance.env);
  instance.child = child;
  instance.pid = child.pid ?? null;
  child.once('exit', (code, signal) => {
    if (instance.child === child) {
      instance.up = false;
      instance.child = null;
      instance.pid = null;
    }
    log(`${instance.name} exited (${signal ?? code})`);
  });
  await waitUntil(`${instance.name} to answer`, async () => {
    if (instance.child !== child) throw new Error(`${instance.name} exited while starting: see ${join(work, `${instance.name}.log`)}`);
    return healthy(instance);
  });
  instance.up = true;
  log(`${instance.name} up`);
  if (settle) await servedThroughNginx(instance);
}

/** A request nginx sends to this kind of instance: the gateway's health, any GET route of a service, any content path. */
function probeFor(kind: InstanceInfo['kind']): { port: number; path: string } | null {
  if (kind === 'gateway') return { port, path: '/api/health' };
  if (kind === 'content') return { port: ports.content, path: '/c/probe' };
  if (kind === 'worker') return null;
  const route = routeTable.find((r) => r.service === kind && r.method === 'GET' && !r.path.includes('{'));
  if (!route) throw new Error(`no GET route without parameters for ${kind}`);
  return { port, path: route.path };
}

/**
 * Waits until nginx's access log (the generated config names the instance that answered) shows a
 * request answered by `instance`: probes of its kind go through nginx until round robin reaches it.
 */
async function servedThroughNginx(instance: Instance) {
  const probe = probeFor(instance.kind);
  if (!probe || instance.port === null) return;
  const accessLog = join(work, 'nginx', 'access.log');
  const from = statSync(accessLog).size;
  // The last upstream of a line is the one that answered; a 5xx there is a failure, not traffic.
  const answeredBy = new RegExp(` upstream=(?:[^ ]+, )*127\\.0\\.0\\.1:${instance.port} upstream_status=(?:[^ ]+, )*[1-4]\\d\\d `);
  await waitUntil(`nginx to send ${instance.name} a request`, async () => {
    await statusOf(probe.port, probe.path, 2000);
    const fresh = readFileSync(accessLog).subarray(from).toString('utf8');
    return fresh.split('\n').some((line) => answeredBy.test(line));
  });
}

async function signal(instance: Instance, name: NodeJS.Signals) {
  const child = instance.child;
  if (!child) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(name);
  await exited;
}

// The schema once, before any instance starts (instances starting together must not race to migrate).
const setup = spawnLogged('setup-database', built('setup-database', '--demo'), env);
const setupCode = await new Promise<number | null>((done) => setup.once('exit', done));
if (setupCode !== 0) throw new Error(`setup-database failed: see ${join(work, 'setup-database.log')}`);
log('database ready');
// Two at a time: fourteen processes starting at once on two cores take longer than one by one.
for (let i = 0; i < instances.length; i += 2) await Promise.all(instances.slice(i, i + 2).map((instance) => start(instance)));
log(`${instances.length} instances up`);

// nginx, configured by the project's own generator from the route table.
const upstream = (kind: InstanceInfo['kind']) =>
  `${kind}=${instances
    .filter((i) => i.kind === kind)
    .map((i) => `127.0.0.1:${i.port}`)
    .join(',')}`;
const configFile = join(work, 'nginx.conf');
const generate = spawnLogged(
  'nginx-config',
  [
    ...built('nginx-config'),
    ...(['gateway', 'content', 'identity', 'catalogue', 'enrolment', 'reporting'] as const).flatMap((kind) => [
      '--upstream',
      upstream(kind),
    ]),
    '--listen',
    `127.0.0.1:${port}`,
    '--content-listen',
    `127.0.0.1:${ports.content}`,
    '--root',
    root,
    '--run-dir',
    join(work, 'nginx'),
    // Started as root, nginx's workers would be nobody, who may not read a checkout under /root.
    ...(process.getuid?.() === 0 ? ['--user', 'root'] : []),
    '--out',
    configFile,
  ],
  env,
);
if ((await new Promise<number | null>((done) => generate.once('exit', done))) !== 0)
  throw new Error(`nginx:config failed: see ${join(work, 'nginx-config.log')}`);
const nginx = spawnLogged('nginx', ['/usr/sbin/nginx', '-c', configFile, '-e', join(work, 'nginx', 'error.log'), '-g', 'daemon off;'], env);
nginx.once('exit', (code) => {
  log(`nginx exited (${code}): see ${join(work, 'nginx.log')}`);
  void shutdown(1);
});

// The control server cluster.spec.ts drives.
const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [, action = '', name = ''] = url.pathname.split('/');
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const view = () => instances.map(({ name, kind, port, healthPath, pid, up }) => ({ name, kind, port, healthPath, pid, up }));
  if (action === 'instances') return answer(200, view());
  if (action === 'database') return answer(200, { url: server.toString() });
  const instance = instances.find((i) => i.name === name);
  if (!instance) return answer(404, { error: `no instance ${name}` });
  const act = async () => {
    if (action === 'kill') await signal(instance, 'SIGKILL');
    else if (action === 'stop') await signal(instance, 'SIGTERM');
    else if (action === 'start') await start(instance, true);
    else if (action === 'restart') {
      await signal(instance, 'SIGTERM');
      await start(instance, true);
    } else throw new Error(`no action ${action}`);
  };
  act().then(
    () => answer(200, view()),
    (error: Error) => answer(500, { error: error.message }),
  );
});
await new Promise<void>((done) => control.listen(ports.control, '127.0.0.1', done));
log(`nginx on ${port}, content on ${ports.content}, control on ${ports.control}; logs in ${work}`);

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  control.close();
  sink.close();
  await s3.close().catch(() => undefined);
  await Promise.all([...children].map((child) => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM')))));
  await admin.query(`DROP DATABASE IF EXISTS \`${database}\``).catch(() => undefined);
  await admin.end();
  process.exit(code);
}
for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => void shutdown());
