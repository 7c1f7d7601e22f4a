import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { join } from 'node:path';
import { loadEnv } from '../env';
import { createOrm, migrate, type ServiceSchema } from '../db';
import { createMailer } from '../mail';
import { createLocalStorage } from '../storage';
import { issueXsrfCookie } from './cookies';
import { createErrorHandler, notFoundHandler } from './errors';
import { logger } from '../logger';
import type { IdentityPort } from '../auth';
import type { AppEnv, ServiceDeps } from './context';

/**
 * Runs one service on its own (DESIGN.md "Scale-out"): its app on PORT, against the shared
 * database, behind any proxy that routes by the route table's owning service.
 */
export async function runStandaloneService(options: {
  name: string;
  schemas: ServiceSchema[];
  identity: IdentityPort;
  createApp: (deps: ServiceDeps) => Hono<AppEnv>;
}) {
  const env = loadEnv();
  const orm = await createOrm({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, schemas: options.schemas });
  await migrate(orm);
  const deps: ServiceDeps = {
    env,
    orm,
    identity: options.identity,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir }),
    storage: createLocalStorage(join(env.dataDir, 'storage')),
  };
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ exposeDetails: env.NODE_ENV !== 'production' }));
  app.use('*', async (c, next) => {
    issueXsrfCookie(c, env.COOKIE_SECURE);
    await next();
  });
  app.get('/health', (c) => c.json({ status: 'ok', service: options.name }));
  app.route('/', options.createApp(deps));
  app.notFound(notFoundHandler);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => logger.info(`${options.name} service listening`, { port: info.port }));
  const stop = async () => {
    server.close();
    await orm.close(true);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
