import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SAME_SITE_HOSTS, sameSiteTls } from './same-site-tls';

/**
 * Issue 31 item 7's production shape: Debian's nginx with TLS on `port`, answering
 * https://portal.test:<port> with the portal and https://content.portal.test:<port> with its
 * course content, in front of one portal (serve-portal.ts on SQLite, on port + 1 and its content
 * origin on port + 21) that knows those as its public addresses, behind a trusted proxy.
 * usage: tsx support/serve-same-site.ts <port> <port base of the certificate>
 */
const [port = '3370', portBase = '3310'] = process.argv.slice(2);
const root = resolve(import.meta.dirname, '../..');
const inner = Number(port) + 1;
const tls = sameSiteTls(Number(portBase));
const work = mkdtempSync(join(tmpdir(), 'portal-e2e-same-site-'));
const children = new Set<ChildProcess>();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, args, { env, cwd: join(root, 'e2e'), stdio: 'inherit' });
  children.add(child);
  child.once('exit', (code) => {
    children.delete(child);
    if (!stopping) stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));

const portalEnv = {
  APP_URL: `https://${SAME_SITE_HOSTS.portal}:${port}`,
  CONTENT_ORIGIN_URL: `https://${SAME_SITE_HOSTS.content}:${port}`,
  TRUST_PROXY: 'true',
  COOKIE_SECURE: 'true',
};
run(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'support/serve-portal.ts', 'sqlite', String(inner)], {
  ...process.env,
  E2E_PORTAL_ENV: JSON.stringify(portalEnv),
});

const healthy = () =>
  new Promise<boolean>((done) => {
    const request = get({ host: '127.0.0.1', port: inner, path: '/api/health', timeout: 2000 }, (answer) => {
      answer.resume();
      done(answer.statusCode === 200);
    });
    request.on('error', () => done(false));
    request.on('timeout', () => request.destroy());
  });
while (!(await healthy())) await new Promise((done) => setTimeout(done, 200));

// nginx, configured by the project's own generator, with TLS on both names.
const configFile = join(work, 'nginx.conf');
mkdirSync(join(work, 'nginx'), { recursive: true });
const upstreams = ['gateway', 'identity', 'catalogue', 'enrolment', 'reporting'].flatMap((kind) => [
  '--upstream',
  `${kind}=127.0.0.1:${inner}`,
]);
const generate = spawn(
  process.execPath,
  [
    join(root, 'services/gateway/dist/nginx-config.js'),
    ...upstreams,
    '--upstream',
    `content=127.0.0.1:${inner + 20}`,
    '--listen',
    `127.0.0.1:${port} ssl`,
    '--content-listen',
    `127.0.0.1:${port} ssl`,
    '--server-name',
    SAME_SITE_HOSTS.portal,
    '--content-server-name',
    SAME_SITE_HOSTS.content,
    '--tls-certificate',
    tls.certificate,
    '--tls-key',
    tls.certificateKey,
    '--root',
    root,
    '--run-dir',
    join(work, 'nginx'),
    ...(process.getuid?.() === 0 ? ['--user', 'root'] : []),
    '--out',
    configFile,
  ],
  { cwd: root, stdio: 'inherit' },
);
if ((await new Promise<number | null>((done) => generate.once('exit', done))) !== 0) stop(1);
run('/usr/sbin/nginx', ['-c', configFile, '-e', join(work, 'nginx', 'error.log'), '-g', 'daemon off;']);
process.stdout.write(`same-site portal on https://${SAME_SITE_HOSTS.portal}:${port} (nginx logs in ${work})\n`);
