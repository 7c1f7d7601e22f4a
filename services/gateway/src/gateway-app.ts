import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { buildOpenApiDocument, routeTable } from '@portal/contracts';
import {
  contentOriginAliases,
  createErrorHandler,
  healthHandler,
  issueXsrfCookie,
  isSecureRequest,
  logger,
  notFoundHandler,
  readSessionToken,
  type AppEnv,
  type ServiceDeps,
} from '@portal/service-kit';
import { compressJson } from './compress-json';
import { logoutHandlers } from './logout';
import { securityHeaders } from './security-headers';
import { mountStaticSites, publicShellPage } from './static-sites';
import { SERVICES, scheduledTasks } from './platform';

export interface GatewayOptions {
  /** Serve shells and remotes from their dist folders (off in API-only tests). */
  serveFrontends?: boolean;
}

/** One process: the four service apps, the shells and remotes, and the OpenAPI document. */
export function createGatewayApp(deps: ServiceDeps, options: GatewayOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ exposeDetails: deps.env.NODE_ENV !== 'production' }));

  // Only when there is something to record: every middleware is a layer of promises on every request.
  if (deps.env.LOG_REQUESTS || deps.env.SERVER_TIMING) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      if (deps.env.LOG_REQUESTS) {
        logger.info('request', {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        });
      }
      // The route's own stages come from its router (kit bind-routes); `total` adds the gateway's middleware.
      if (deps.env.SERVER_TIMING) c.res.headers.append('Server-Timing', `total;dur=${(performance.now() - started).toFixed(3)}`);
    });
  }
  app.use(
    '*',
    secureHeaders({
      // Nothing else may frame the portal (course packages are framed from the content origin).
      xFrameOptions: 'SAMEORIGIN',
      crossOriginResourcePolicy: 'same-origin',
      // A course may open its content in a popup that finds the SCORM API through opener (issue 20):
      // with 'same-origin' Chromium cuts that link. Other sites' windows still get no handle on the portal.
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  // Course packages play in a frame from the content origin (docs/architecture.md "The content origin").
  app.use('*', securityHeaders(deps.env, { frameSources: contentOriginAliases(deps.env.contentOriginUrl) }));
  // Every response carries the XSRF cookie that unsafe requests must echo in X-XSRF-TOKEN; not
  // the built bundles, which caches keep for a year and share.
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/shells/') && !c.req.path.startsWith('/remotes/')) issueXsrfCookie(c, isSecureRequest(c, deps.env));
    await next();
  });
  // JSON answers of a kilobyte or more go out compressed (static files come precompressed).
  app.use('/api/*', compressJson());

  const openApi = buildOpenApiDocument(routeTable, { title: 'Safety Training Portal API', version: '0.1.0' });
  app.get('/api/openapi.json', (c) => c.json(openApi));
  app.get('/api/health', healthHandler(deps));

  const context = { scheduledTasks: () => scheduledTasks(deps) };
  for (const service of SERVICES) app.route('/', service.app(deps, context));
  app.all('/api/*', notFoundHandler);

  // Signing out needs the session's XSRF token (the page posts it); a bare GET only clears an ended session.
  const logout = logoutHandlers(deps, (options.serveFrontends ?? true) ? { confirmPage: publicShellPage() } : {});
  app.get('/logout', logout.get);
  app.post('/logout', logout.post);

  if (options.serveFrontends ?? true) {
    mountStaticSites(app, {
      sessionState: async (c) => {
        const token = readSessionToken(c, deps.env);
        if (!token) return 'none';
        return (await deps.identity.resolvePrincipal(token)) ? 'live' : 'ended';
      },
    });
  }
  app.notFound(notFoundHandler);
  return app;
}
