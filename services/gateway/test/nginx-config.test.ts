import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@portal/contracts';
import { pathPattern, renderNginxConfig, type NginxOptions } from '../src/deploy/nginx-config';

const NGINX = '/usr/sbin/nginx';

describe('pathPattern', () => {
  it('makes each parameter one segment and escapes the rest', () => {
    expect(pathPattern('/api/company/{companyId}/dashboard')).toBe('^/api/company/[^/]+/dashboard$');
    expect(pathPattern('/api/openapi.json')).toBe('^/api/openapi\\.json$');
    expect(new RegExp(pathPattern('/api/learn/attempts/{attemptId}/commit')).test('/api/learn/attempts/12/commit')).toBe(true);
    expect(new RegExp(pathPattern('/api/learn/attempts/{attemptId}/commit')).test('/api/learn/attempts/1/2/commit')).toBe(false);
  });
});

describe('renderNginxConfig', () => {
  const config = renderNginxConfig(routeTable, {
    upstreams: { identity: ['a:1'], catalogue: ['b:1'], enrolment: ['c:1'], reporting: ['d:1'], gateway: ['e:1'], content: ['f:1'] },
    staticRoot: '/srv/portal',
    listen: '8080',
    contentListen: '8081',
    runDir: '/tmp/portal-nginx',
  });
  const locationOf = (pattern: string) => config.slice(config.indexOf(`location ~ "${pattern}"`)).split('}')[0]!;

  it('retries an unsafe request on the next instance only where the route says a repeat changes nothing', () => {
    expect(locationOf(pathPattern('/api/learn/attempts/{attemptId}/commit'))).toContain('non_idempotent');
    expect(config.match(/non_idempotent/g)).toHaveLength(routeTable.filter((route) => route.repeatable).length);
  });

  it('streams only course packages through unbuffered; smaller large bodies stay buffered so they can be retried', () => {
    expect(locationOf(pathPattern('/api/courses'))).toContain('proxy_request_buffering off;');
    expect(locationOf(pathPattern('/api/courses'))).toContain('client_max_body_size 2097152k;');
    expect(locationOf(pathPattern('/api/learn/attempts/{attemptId}/commit'))).not.toContain('proxy_request_buffering');
  });

  it('serves both hosts over TLS with one certificate when asked (issue 31 item 7: content on a sibling host)', () => {
    expect(config).not.toContain('ssl_certificate');
    const tls = renderNginxConfig(routeTable, {
      upstreams: { identity: ['a:1'], catalogue: ['b:1'], enrolment: ['c:1'], reporting: ['d:1'], gateway: ['e:1'], content: ['f:1'] },
      staticRoot: '/srv/portal',
      listen: '443 ssl',
      contentListen: '443 ssl',
      serverName: 'portal.example',
      contentServerName: 'content.portal.example',
      runDir: '/tmp/portal-nginx',
      tls: { certificate: '/etc/portal/cert.pem', certificateKey: '/etc/portal/key.pem' },
    });
    const servers = tls.split('  server {').slice(1);
    expect(servers).toHaveLength(2);
    for (const server of servers) {
      expect(server).toContain('listen 443 ssl;');
      expect(server).toContain('ssl_certificate /etc/portal/cert.pem;');
      expect(server).toContain('ssl_certificate_key /etc/portal/key.pem;');
    }
    expect(servers[0]).toContain('server_name portal.example;');
    expect(servers[1]).toContain('server_name content.portal.example;');
  });

  it("shares each upstream's failure counts among nginx's workers (a rolling restart waits for one worker to see an instance back)", () => {
    for (const name of ['identity', 'catalogue', 'enrolment', 'reporting', 'gateway', 'content']) {
      expect(config).toMatch(new RegExp(`upstream ${name} \\{\\n    zone ${name} 64k;`));
    }
  });
});

/** A stand-in instance that says which upstream it is, what it was asked and how much body it read. */
function fakeInstance(name: string): Promise<{ server: Server; address: string }> {
  const server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ upstream: name, method: req.method, url: req.url, bytes, proto: req.headers['x-forwarded-proto'] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, address: `127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  method: string,
  path: string,
  options: { body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...options.headers, ...(options.body ? { 'Content-Length': String(options.body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function waitForPort(port: number, nginx: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    try {
      await send(port, 'GET', '/__ready');
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${log()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

// Debian's nginx is what production and CI run (.ci/run installs it); a machine without it cannot run this part.
describe.skipIf(!existsSync(NGINX))("the generated nginx configuration, run by Debian's nginx in front of stand-in instances", () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  // nginx's workers run as another user (nobody, when started as root) and must read the files.
  chmodSync(dir, 0o755);
  const instances: Server[] = [];
  let nginx: ChildProcess;
  let stderr = '';
  let port = 0;
  let contentPort = 0;
  const upstreams = {} as NginxOptions['upstreams'];

  beforeAll(async () => {
    const names = ['identity', 'catalogue', 'enrolment', 'reporting', 'gateway', 'content'] as const;
    for (const name of names) {
      const started = await fakeInstance(name);
      instances.push(started.server);
      upstreams[name] = [started.address];
    }
    // A second reporting instance that is down: reads go on to the live one.
    upstreams.reporting.unshift(`127.0.0.1:${await freePort()}`);
    // Built files as the build writes them: hashed bundles, remoteEntry.js, each with its .gz.
    const dist = join(dir, 'release/remotes/learner/dist');
    mkdirSync(dist, { recursive: true });
    for (const [file, text] of [
      ['main.0123abcd.js', 'console.log("hashed");'.repeat(50)],
      ['remoteEntry.js', 'console.log("entry");'.repeat(50)],
    ] as const) {
      writeFileSync(join(dist, file), text);
      writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
    }
    port = await freePort();
    contentPort = await freePort();
    const configFile = join(dir, 'nginx.conf');
    writeFileSync(
      configFile,
      renderNginxConfig(routeTable, {
        upstreams,
        staticRoot: join(dir, 'release'),
        listen: `127.0.0.1:${port}`,
        contentListen: `127.0.0.1:${contentPort}`,
        runDir: dir,
      }),
    );
    const check = spawnSync(NGINX, ['-t', '-c', configFile, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    nginx = spawn(NGINX, ['-c', configFile, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForPort(port, nginx, () => stderr);
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    for (const server of instances) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upstreamOf = async (method: string, path: string) =>
    (JSON.parse((await send(port, method, path)).body) as { upstream: string }).upstream;

  it('sends each route to its own service, by method and path, and the rest to the gateway', async () => {
    expect(await upstreamOf('GET', '/api/reporting/enrolments/7/answers')).toBe('reporting');
    expect(await upstreamOf('POST', '/api/learn/attempts/12/commit')).toBe('enrolment');
    expect(await upstreamOf('GET', '/api/courses')).toBe('catalogue');
    expect(await upstreamOf('POST', '/account/login')).toBe('identity');
    // The same address is a page for GET and a route for POST.
    expect(await upstreamOf('GET', '/account/login')).toBe('gateway');
    expect(await upstreamOf('POST', '/learn/5/activities/3')).toBe('enrolment');
    expect(await upstreamOf('GET', '/learn/5/activities/3')).toBe('gateway');
    expect(await upstreamOf('GET', '/api/openapi.json')).toBe('gateway');
    expect(await upstreamOf('GET', '/api/no-such-route')).toBe('gateway');
    expect(await upstreamOf('POST', '/logout')).toBe('gateway');
    // A parameter is one segment: a longer path is not the route.
    expect(await upstreamOf('GET', '/api/reporting/enrolments/7/8/answers')).toBe('gateway');
  });

  it('keeps the query and says the scheme', async () => {
    const answer = JSON.parse((await send(port, 'GET', '/api/courses?page=2&q=fire')).body) as { url: string; proto: string };
    expect(answer.url).toBe('/api/courses?page=2&q=fire');
    expect(answer.proto).toBe('http');
  });

  it("refuses a body over the route's limit and lets a larger route's body through to the service", async () => {
    const twoMegabytes = Buffer.alloc(2 * 1024 * 1024 - 4096, 1);
    expect((await send(port, 'POST', '/account/notifications', { body: twoMegabytes })).status).toBe(413);
    const logo = await send(port, 'POST', '/account/logo', { body: twoMegabytes });
    expect(logo.status).toBe(200);
    expect(JSON.parse(logo.body)).toMatchObject({ upstream: 'identity', bytes: twoMegabytes.length });
  });

  it('serves built files from disk, precompressed, hashed names for a year and the rest revalidated', async () => {
    const hashed = await send(port, 'GET', '/remotes/learner/main.0123abcd.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['content-encoding']).toBe('gzip');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['x-content-type-options']).toBe('nosniff');
    const entry = await send(port, 'GET', '/remotes/learner/remoteEntry.js');
    expect(entry.headers['content-encoding']).toBeUndefined();
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.body).toContain('entry');
    expect(entry.headers.etag).toBeTruthy();
    expect(
      (await send(port, 'GET', '/remotes/learner/remoteEntry.js', { headers: { 'If-None-Match': String(entry.headers.etag) } })).status,
    ).toBe(304);
    expect((await send(port, 'GET', '/remotes/learner/../../../nginx.conf')).status).not.toBe(200);
  });

  it('logs which instance answered each request, after the one that failed', async () => {
    const [down, live] = upstreams.reporting;
    await send(port, 'GET', '/api/reporting/enrolments/8/answers');
    const lines = readFileSync(join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => /\/api\/reporting\/enrolments\/\d+\/answers HTTP/.test(line));
    // This one and the routing test's; the first read of all went to the instance that is down, then on to the live one.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(new RegExp(` upstream=(${down}, )?${live} upstream_status=(502, )?200 request_time=`));
    expect(lines.some((line) => line.includes(`upstream=${down}, ${live} upstream_status=502, 200`))).toBe(true);
  });

  it('puts course content on its own server, which reaches only the content instances', async () => {
    const answer = JSON.parse((await send(contentPort, 'GET', '/c/token/index.html')).body) as { upstream: string; url: string };
    expect(answer).toMatchObject({ upstream: 'content', url: '/c/token/index.html' });
    expect(JSON.parse((await send(contentPort, 'GET', '/api/courses')).body).upstream).toBe('content');
  });
});
