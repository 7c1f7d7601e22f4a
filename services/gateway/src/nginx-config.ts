import { join } from 'node:path';
import { bodyLimitOf, REMOTE_NAMES, type AnyRoute, type ServiceName } from '@portal/contracts';
import { PUBLIC_SHELL_PATHS } from './static-sites';

/** The upstreams nginx sends to: each service alone, the gateway (pages, /logout, what no service owns) and the content origin. */
export const UPSTREAMS = ['identity', 'catalogue', 'enrolment', 'reporting', 'gateway', 'content'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];

export interface NginxConfigOptions {
  routes: readonly AnyRoute[];
  /** host:port of each instance, per upstream. */
  upstreams: Record<UpstreamName, string[]>;
  /** The repository (release) root: shells and remotes are served from its dist folders. */
  root: string;
  serverName: string;
  contentServerName: string;
  /** `listen` arguments, e.g. `80` or `127.0.0.1:8080`. */
  listen: string;
  contentListen: string;
  /** A whole nginx.conf (events, http, pid, logs under `prefix`) instead of what goes inside `http {}`. */
  full?: { prefix: string; mimeTypes: string };
}

/** Same as static-files.ts: content-hashed names are kept a year, the rest revalidated. */
const HASHED_NAME = '\\.[0-9a-f]{8,}\\.[a-z0-9]+$';

/** One location per path of the route table: its owning service and the largest body any of its methods takes. */
export function routeLocations(routes: readonly AnyRoute[]): { path: string; service: ServiceName; bodyLimit: number; pattern: string | null }[] {
  const byPath = new Map<string, { service: ServiceName; bodyLimit: number }>();
  for (const route of routes) {
    const seen = byPath.get(route.path);
    if (seen && seen.service !== route.service) throw new Error(`${route.path} belongs to both ${seen.service} and ${route.service}: one path, one upstream`);
    byPath.set(route.path, { service: route.service, bodyLimit: Math.max(seen?.bodyLimit ?? 0, bodyLimitOf(route)) });
  }
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const locations = [...byPath].map(([path, { service, bodyLimit }]) => ({
    path,
    service,
    bodyLimit,
    // A parameter is one segment; paths without one match exactly (`location =`, nginx's first choice).
    pattern: path.includes('{') ? `^${path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$` : null,
  }));
  // Regex locations are tried in order: more literal segments first, so /a/b/{id} wins over /a/{x}/{id}.
  const literals = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{')).length;
  return locations.sort((a, b) => Number(a.pattern !== null) - Number(b.pattern !== null) || literals(b.path) - literals(a.path) || a.path.localeCompare(b.path));
}

const PROXY = [
  'proxy_http_version 1.1;',
  'proxy_set_header Connection "";',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  // Idempotent requests go to the next instance when one is down; POST and the like never twice.
  'proxy_next_upstream error timeout http_502 http_503;',
  'proxy_next_upstream_tries 2;',
];

function indent(lines: string[], depth: number): string[] {
  return lines.map((line) => (line ? `${'  '.repeat(depth)}${line}` : line));
}

function location(match: string, body: string[]): string[] {
  return [`location ${match} {`, ...indent(body, 1), '}'];
}

/** The nginx configuration for the portal's route table (docs/deploy.md "nginx"). */
export function nginxConfig(options: NginxConfigOptions): string {
  const http: string[] = [];
  for (const name of UPSTREAMS) {
    const servers = options.upstreams[name];
    if (!servers.length) throw new Error(`No instance given for the ${name} upstream`);
    http.push(`upstream portal_${name} {`, ...indent([...servers.map((server) => `server ${server} max_fails=1 fail_timeout=5s;`), 'keepalive 16;'], 1), '}', '');
  }
  http.push(
    `map $uri $portal_static_cache {`,
    ...indent([`"~${HASHED_NAME}" "public, max-age=31536000, immutable";`, 'default "no-cache";'], 1),
    '}',
    '',
  );

  const portal: string[] = [`listen ${options.listen};`, `server_name ${options.serverName};`, 'server_tokens off;', ...PROXY, ''];
  for (const route of routeLocations(options.routes)) {
    portal.push(
      ...location(route.pattern ? `~ "${route.pattern}"` : `= ${route.path}`, [`client_max_body_size ${route.bodyLimit};`, `proxy_pass http://portal_${route.service};`]),
    );
  }
  // A course's stored files (catalogue's raw route, not in the table).
  portal.push(...location('/storage/courses/', ['client_max_body_size 1k;', 'proxy_pass http://portal_catalogue;']));
  // Built shells and remotes, straight from disk: precompressed .gz beside each file, revalidated by ETag.
  const folders = [...REMOTE_NAMES.map((name) => ({ prefix: `/remotes/${name}/`, dist: `remotes/${name}/dist/` })), ...['portal', 'public'].map((name) => ({ prefix: `/shells/${name}/`, dist: `shells/${name}/dist/` }))];
  for (const { prefix, dist } of folders) {
    portal.push(
      ...location(prefix, [
        `alias ${join(options.root, dist).replace(/\/?$/, '/')};`,
        'gzip_static on;',
        'gzip_vary on;',
        'etag on;',
        'add_header Cache-Control $portal_static_cache always;',
        'add_header X-Content-Type-Options nosniff always;',
      ]),
    );
  }
  // Pages (the shells' SPA with the gateway's session check and security headers), /logout, /api/health and any API path no service owns.
  for (const path of PUBLIC_SHELL_PATHS) portal.push(...location(`^~ ${path}`, ['client_max_body_size 1k;', 'proxy_pass http://portal_gateway;']));
  portal.push(...location('/', ['client_max_body_size 1m;', 'proxy_pass http://portal_gateway;']));
  http.push('server {', ...indent(portal, 1), '}', '');

  // The content origin: a site of its own, GET and HEAD only, byte ranges passed through.
  const content = [`listen ${options.contentListen};`, `server_name ${options.contentServerName};`, 'server_tokens off;', ...PROXY, 'client_max_body_size 1k;', ''];
  content.push(...location('/', ['limit_except GET { deny all; }', 'proxy_pass http://portal_content;']));
  http.push('server {', ...indent(content, 1), '}');

  const header = ['# Generated by `npm run nginx:config` from the contracts\' route table: do not edit, generate again.', ''];
  if (!options.full) return [...header, ...http, ''].join('\n');
  const { prefix, mimeTypes } = options.full;
  return [
    ...header,
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${join(prefix, 'error.log')};`,
    'worker_processes auto;',
    'events {',
    '  worker_connections 1024;',
    '}',
    'http {',
    ...indent([`include ${mimeTypes};`, 'default_type application/octet-stream;', `access_log ${join(prefix, 'access.log')};`, 'sendfile on;', '', ...http], 1),
    '}',
    '',
  ].join('\n');
}
