import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { routeTable } from '@portal/contracts';
import { nginxConfig, UPSTREAMS, type UpstreamName } from './nginx-config';
import { REPO_ROOT } from './paths';

/**
 * `npm run nginx:config -- [options]`: prints (or writes with --out) the nginx configuration for
 * the route table. Each upstream takes a comma-separated list of host:port (defaults: one instance
 * of each on this machine, the ports of docs/deploy.md). --full makes a whole nginx.conf with its
 * pid and logs under --prefix, as `nginx -t -c` wants it; without it, what goes inside `http {}`.
 */
const DEFAULT_PORTS: Record<UpstreamName, number> = { gateway: 3000, content: 3001, identity: 3101, catalogue: 3102, enrolment: 3103, reporting: 3104 };
const { values } = parseArgs({
  options: {
    ...Object.fromEntries(UPSTREAMS.map((name) => [name, { type: 'string' as const }])),
    root: { type: 'string', default: REPO_ROOT },
    'server-name': { type: 'string', default: 'portal.example.com' },
    'content-server-name': { type: 'string', default: 'content.example.com' },
    listen: { type: 'string', default: '80' },
    'content-listen': { type: 'string', default: '80' },
    full: { type: 'boolean', default: false },
    prefix: { type: 'string', default: '/var/lib/nginx' },
    'mime-types': { type: 'string', default: '/etc/nginx/mime.types' },
    out: { type: 'string' },
  },
});
const option = (name: string) => (values as Record<string, string | boolean | undefined>)[name];
const upstreams = Object.fromEntries(
  UPSTREAMS.map((name) => {
    const given = option(name);
    return [name, typeof given === 'string' ? given.split(',').map((s) => s.trim()).filter(Boolean) : [`127.0.0.1:${DEFAULT_PORTS[name]}`]];
  }),
) as Record<UpstreamName, string[]>;
const config = nginxConfig({
  routes: routeTable,
  upstreams,
  root: values.root!,
  serverName: values['server-name']!,
  contentServerName: values['content-server-name']!,
  listen: values.listen!,
  contentListen: values['content-listen']!,
  ...(values.full ? { full: { prefix: values.prefix!, mimeTypes: values['mime-types']! } } : {}),
});
if (values.out) writeFileSync(values.out, config);
else process.stdout.write(config);
