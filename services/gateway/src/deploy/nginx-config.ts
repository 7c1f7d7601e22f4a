import { IMMUTABLE } from '../static-files';
import { DEFAULT_BODY_LIMIT, REMOTE_NAMES, SERVICES, bodyLimitOf, type AnyRoute, type ServiceName } from '@portal/contracts';

/**
 * The production proxy's configuration, written from the contracts' route table (issue 21 item 3;
 * docs/deploy.md "nginx"): each route to its own service's instances, everything else (pages,
 * /logout, the OpenAPI document) to the gateway's, the built shells and remotes straight from
 * disk, and course content on its own server. Generated, never edited: a new route reaches the
 * right service by regenerating.
 */
export interface NginxOptions {
  /** host:port of each instance, per upstream. */
  upstreams: Record<ServiceName | 'gateway' | 'content', string[]>;
  /** The repository (or release) folder holding shells/<name>/dist and remotes/<name>/dist. */
  staticRoot: string;
  /** The portal's and the content origin's listen addresses (`8080`, `127.0.0.1:8080`, `443 ssl`). */
  listen: string;
  contentListen: string;
  /** server_name of each (`_` answers any name). */
  serverName?: string;
  contentServerName?: string;
  /** Written into the top of the file: where nginx keeps its pid, logs and temporary files. */
  runDir: string;
  mimeTypes?: string;
  /** The user nginx's workers run as, when started as root (nginx's own default: nobody). */
  user?: string;
  /**
   * HTTPS on both servers (listen with `ssl`): one certificate naming the portal's host and the
   * content's (`portal.example` and `content.portal.example`, docs/deploy.md "Course content on a
   * sibling host").
   */
  tls?: { certificate: string; certificateKey: string };
}

/** `/api/company/{companyId}/dashboard` → `^/api/company/[^/]+/dashboard$` (a parameter is one segment). */
export function pathPattern(path: string): string {
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return `^${path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : literal(part)))
    .join('')}$`;
}

/** How long nginx leaves an instance out after it failed once; a rolling restart waits this long between instances (docs/deploy.md). */
export const NGINX_FAIL_TIMEOUT_SECONDS = 2;

/** Bodies larger than this stream through nginx instead of being buffered first (course packages). */
const LARGE_UPLOAD = 64 * 1024 * 1024;

/** nginx size syntax, rounded up to whole kilobytes. */
const size = (bytes: number) => `${Math.ceil(bytes / 1024)}k`;

/** Which upstream answers "METHOD path": one map line per route; a GET route also answers HEAD, as Hono does. */
function routeMapLines(routes: readonly AnyRoute[]): string[] {
  return routes.map((route) => {
    const methods = route.method === 'GET' ? 'GET|HEAD' : route.method;
    return `    "~^(${methods}) ${pathPattern(route.path).slice(1)}" ${route.service};`;
  });
}

/**
 * Paths whose routes need more than the defaults: a larger body (the largest limit among the
 * path's routes) or, when every route of the path is repeatable, a retry of unsafe methods too.
 */
function specialLocations(routes: readonly AnyRoute[]): string[] {
  const paths = new Map<string, { limit: number; repeatable: boolean }>();
  for (const route of routes) {
    const pattern = pathPattern(route.path);
    const seen = paths.get(pattern) ?? { limit: DEFAULT_BODY_LIMIT, repeatable: true };
    paths.set(pattern, { limit: Math.max(seen.limit, bodyLimitOf(route)), repeatable: seen.repeatable && route.repeatable === true });
  }
  return [...paths]
    .filter(([, path]) => path.limit > DEFAULT_BODY_LIMIT || path.repeatable)
    .flatMap(([pattern, { limit, repeatable }]) => [
      `    location ~ "${pattern}" {`,
      ...(limit > DEFAULT_BODY_LIMIT
        ? [
            `      client_max_body_size ${size(limit)};`,
            // Large uploads stream through to the service, which reads them into storage as they arrive.
            ...(limit > LARGE_UPLOAD ? ['      proxy_request_buffering off;'] : []),
          ]
        : []),
      // The server recognises a repeat of these, so one cut off by an instance stopping is sent to the next.
      ...(repeatable ? ['      proxy_next_upstream error timeout http_502 http_503 non_idempotent;'] : []),
      '      proxy_pass http://$portal_upstream;',
      '    }',
    ]);
}

function upstreamBlock(name: string, servers: string[]): string[] {
  if (servers.length === 0) throw new Error(`nginx: no instance given for the ${name} upstream`);
  return [
    `  upstream ${name} {`,
    // Shared by nginx's worker processes: without it each worker keeps its own count of an
    // instance's failures, and one worker would still shun an instance another has seen come back.
    `    zone ${name} 64k;`,
    // One failure takes an instance out for FAIL_TIMEOUT; then nginx tries it again.
    ...servers.map((server) => `    server ${server} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_SECONDS}s;`),
    '    keepalive 32;',
    // Below node's own 5 s keep-alive: nginx drops an idle connection before the instance does, so
    // it never sends a request down one the instance is closing (a reset that would count as a failure).
    '    keepalive_timeout 4s;',
    '  }',
  ];
}

function tlsLines(tls: NginxOptions['tls']): string[] {
  if (!tls) return [];
  return [
    `    ssl_certificate ${tls.certificate};`,
    `    ssl_certificate_key ${tls.certificateKey};`,
    '    ssl_protocols TLSv1.2 TLSv1.3;',
  ];
}

/** A whole nginx.conf that `nginx -t -c <file>` accepts. */
export function renderNginxConfig(routes: readonly AnyRoute[], options: NginxOptions): string {
  const upstreamNames = [...SERVICES, 'gateway', 'content'] as const;
  const staticFolders = [
    ...REMOTE_NAMES.map((name) => ({ prefix: `/remotes/${name}/`, dist: `${options.staticRoot}/remotes/${name}/dist/` })),
    ...(['portal', 'public'] as const).map((name) => ({ prefix: `/shells/${name}/`, dist: `${options.staticRoot}/shells/${name}/dist/` })),
  ];
  const lines = [
    "# Generated by `npm run nginx:config` from the contracts' route table; do not edit (docs/deploy.md).",
    ...(options.user ? [`user ${options.user};`] : []),
    'worker_processes auto;',
    `pid ${options.runDir}/nginx.pid;`,
    `error_log ${options.runDir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  include ${options.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '  default_type application/octet-stream;',
    // The combined format plus which instance answered (and how), so a log line leads to the instance's own log.
    '  log_format portal \'$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" \'',
    "                    'upstream=$upstream_addr upstream_status=$upstream_status request_time=$request_time';",
    `  access_log ${options.runDir}/access.log portal;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${options.runDir}/${kind}-temp;`),
    '  sendfile on;',
    '  server_tokens off;',
    `  client_max_body_size ${size(DEFAULT_BODY_LIMIT)};`,
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $http_host;',
    '  proxy_set_header X-Forwarded-For $remote_addr;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    // An instance that is down or restarting: the request goes to the next one. nginx retries only
    // idempotent methods this way; a POST that reached an instance is never sent twice.
    '  proxy_next_upstream error timeout http_502 http_503;',
    '  proxy_next_upstream_tries 3;',
    '  proxy_connect_timeout 2s;',
    '  proxy_read_timeout 300s;',
    ...upstreamNames.flatMap((name) => upstreamBlock(name, options.upstreams[name])),
    // As the gateway's static files do: content-hashed names a year, the rest revalidated each time.
    '  map $uri $static_cache_control {',
    "    default 'no-cache';",
    `    "~\\.[0-9a-f]{8,}\\.[a-z0-9]+$" '${IMMUTABLE}';`,
    '  }',
    '  map "$request_method $uri" $portal_upstream {',
    '    default gateway;',
    ...routeMapLines(routes),
    '  }',
    '  server {',
    `    listen ${options.listen};`,
    `    server_name ${options.serverName ?? '_'};`,
    ...tlsLines(options.tls),
    ...staticFolders.flatMap(({ prefix, dist }) => [
      `    location ${prefix} {`,
      `      alias ${dist};`,
      // The build writes .gz beside each file; hashed names are kept a year, the rest revalidated.
      '      gzip_static on;',
      '      gzip_vary on;',
      '      add_header Cache-Control $static_cache_control always;',
      "      add_header X-Content-Type-Options 'nosniff' always;",
      '    }',
    ]),
    ...specialLocations(routes),
    '    location / {',
    '      proxy_pass http://$portal_upstream;',
    '    }',
    '  }',
    // Course content on its own origin (docs/architecture.md "The content origin"): nothing else there.
    '  server {',
    `    listen ${options.contentListen};`,
    `    server_name ${options.contentServerName ?? '_'};`,
    ...tlsLines(options.tls),
    '    location / {',
    '      proxy_pass http://content;',
    '    }',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}
