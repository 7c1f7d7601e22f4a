import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { issueXsrfCookie, isSecureRequest } from './cookies';
import { drainable } from './graceful-close';
import { healthHandler } from './health';
import { createErrorHandler, notFoundHandler } from './errors';
import { logger } from '../logger';
import type { AppEnv, ServiceDeps } from './context';

/**
 * Runs one service on its own (DESIGN.md "Scale-out"): its app on PORT, against the shared
 * database, behind any proxy that routes by the route table's owning service. The composition
 * root (the gateway's `standalone.ts`) builds the deps with every port wired.
 */
export function runStandaloneService(options: {
  name: string;
  deps: ServiceDeps;
  createApp: (deps: ServiceDeps) => Hono<AppEnv>;
  /** Called on SIGINT/SIGTERM after the server closed; closes the database by default. */
  close?: () => Promise<void>;
}) {
  const { deps } = options;
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ exposeDetails: deps.env.NODE_ENV !== 'production' }));
  app.use('*', async (c, next) => {
    issueXsrfCookie(c, isSecureRequest(c, deps.env));
    await next();
  });
  app.get('/health', healthHandler(deps, { service: options.name }));
  app.route('/', options.createApp(deps));
  app.notFound(notFoundHandler);
  const server = serve({ fetch: app.fetch, port: deps.env.PORT, hostname: deps.env.HOST }, (info) =>
    logger.info(`${options.name} service listening`, { port: info.port }),
  );
  const lifecycle = drainable(server);
  const stop = async () => {
    // The requests in hand are answered before the database closes (a rolling restart loses none).
    await lifecycle.close();
    await (options.close ?? (() => deps.orm.close(true)))();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  return server;
}
