import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { routeTable, SERVICES } from '@portal/contracts';
import { INVOKED_FROM } from '../env';
import { fromRepoRoot } from '../paths';
import { renderNginxConfig, type NginxOptions } from './nginx-config';

/**
 * `npm run nginx:config -- [--upstream identity=host:port,host:port]… [--listen 8080]
 * [--content-listen 8081] [--root <release folder>] [--run-dir <folder>] [--user <name>]
 * [--tls-certificate <pem> --tls-key <pem>] [--out <file>]`:
 * writes nginx.conf (stdout without --out). Upstreams not given use the one-instance port plan of
 * docs/deploy.md.
 */
export const DEFAULT_UPSTREAMS: NginxOptions['upstreams'] = {
  gateway: ['127.0.0.1:3000'],
  content: ['127.0.0.1:3001'],
  identity: ['127.0.0.1:3101'],
  catalogue: ['127.0.0.1:3102'],
  enrolment: ['127.0.0.1:3103'],
  reporting: ['127.0.0.1:3104'],
};

const { values } = parseArgs({
  options: {
    upstream: { type: 'string', multiple: true },
    listen: { type: 'string', default: '8080' },
    'content-listen': { type: 'string', default: '8081' },
    'server-name': { type: 'string' },
    'content-server-name': { type: 'string' },
    root: { type: 'string', default: fromRepoRoot('.') },
    'run-dir': { type: 'string', default: '/var/lib/portal-nginx' },
    user: { type: 'string' },
    'tls-certificate': { type: 'string' },
    'tls-key': { type: 'string' },
    out: { type: 'string' },
  },
});

const upstreams = { ...DEFAULT_UPSTREAMS };
for (const entry of values.upstream ?? []) {
  const [name = '', servers = ''] = entry.split('=');
  if (!(name in upstreams)) throw new Error(`--upstream ${entry}: the upstreams are ${[...SERVICES, 'gateway', 'content'].join(', ')}`);
  upstreams[name as keyof typeof upstreams] = servers.split(',').filter(Boolean);
}
const config = renderNginxConfig(routeTable, {
  upstreams,
  staticRoot: resolve(INVOKED_FROM, values.root),
  listen: values.listen,
  contentListen: values['content-listen'],
  serverName: values['server-name'],
  contentServerName: values['content-server-name'],
  runDir: resolve(INVOKED_FROM, values['run-dir']),
  user: values.user,
  ...(values['tls-certificate'] && values['tls-key']
    ? { tls: { certificate: resolve(INVOKED_FROM, values['tls-certificate']), certificateKey: resolve(INVOKED_FROM, values['tls-key']) } }
    : {}),
});
// nginx creates neither its run folder nor the log in it.
mkdirSync(resolve(INVOKED_FROM, values['run-dir']), { recursive: true });
if (values.out) {
  // Relative to where `npm run` was typed, not to this workspace.
  const out = resolve(INVOKED_FROM, values.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, config);
  process.stdout.write(`nginx configuration written to ${out}\n`);
} else {
  process.stdout.write(config);
}
