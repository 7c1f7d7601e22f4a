import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineRoute, routeTable } from '@portal/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { nginxConfig, routeLocations, UPSTREAMS, type UpstreamName } from '../src/nginx-config';

const upstreams = Object.fromEntries(UPSTREAMS.map((name, i) => [name, [`127.0.0.1:${3100 + i}`, `127.0.0.1:${3200 + i}`]])) as Record<UpstreamName, string[]>;
const options = { routes: routeTable, upstreams, root: '/srv/portal', serverName: 'portal.test', contentServerName: 'content.test', listen: '8080', contentListen: '8081' };
const route = (path: string, service: 'identity' | 'catalogue', bodyLimit?: number, method: 'GET' | 'POST' = 'GET') =>
  defineRoute({ name: `${method}${path}`, method, path, service, access: 'public', summary: '', response: z.unknown(), ...(bodyLimit ? { bodyLimit } : {}) });

describe('the nginx configuration from the route table (issue 21 item 3)', () => {
  it('sends each path of the table to its service, exact paths by `=`, parameters as one segment', () => {
    const config = nginxConfig(options);
    for (const { path, service } of routeLocations(routeTable)) expect(config).toContain(path.includes('{') ? `proxy_pass http://portal_${service};` : `location = ${path} {`);
    expect(config).toContain('location = /api/auth/login {');
    expect(config).toMatch(/location ~ "\^\/api\/enrollments\/\[\^\/\]\+\/certificate\$" \{\n\s+client_max_body_size 1048576;\n\s+proxy_pass http:\/\/portal_enrolment;/);
    expect(config).toContain('server 127.0.0.1:3200 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('alias /srv/portal/remotes/learner/dist/;');
  });

  it('takes the largest body limit of a path’s methods, and refuses a path two services claim', () => {
    const [only] = routeLocations([route('/api/a', 'identity'), route('/api/a', 'identity', 5_000_000, 'POST')]);
    expect(only).toMatchObject({ path: '/api/a', service: 'identity', bodyLimit: 5_000_000, pattern: null });
    expect(() => routeLocations([route('/api/a', 'identity'), route('/api/a', 'catalogue', undefined, 'POST')])).toThrow(/both identity and catalogue/);
  });

  it('tries the more literal regex first', () => {
    const order = routeLocations([route('/api/x/{a}/{b}', 'identity'), route('/api/x/y/{b}', 'catalogue')]).map((l) => l.path);
    expect(order).toEqual(['/api/x/y/{b}', '/api/x/{a}/{b}']);
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
  it.skipIf(!nginx)('is accepted by `nginx -t`', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
    try {
      const file = join(prefix, 'nginx.conf');
      writeFileSync(file, nginxConfig({ ...options, listen: '127.0.0.1:4791', contentListen: '127.0.0.1:4792', full: { prefix, mimeTypes: '/etc/nginx/mime.types' } }));
      const result = spawnSync(nginx!, ['-t', '-p', prefix, '-c', file], { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('is what `npm run nginx:config` prints', () => {
    const printed = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/nginx-cli.ts'), '--server-name', 'portal.test'], { encoding: 'utf8' });
    expect(printed).toContain('server_name portal.test;');
    expect(printed).toContain('upstream portal_reporting {');
  });
});
