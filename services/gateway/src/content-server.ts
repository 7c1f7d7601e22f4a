import { serve } from '@hono/node-server';
import { logger } from '@portal/service-kit';
import { loadGatewayEnv } from './env';
import { createPlatform } from './platform';
import { createContentOriginApp } from './content-origin';

/**
 * The content origin alone (`npm run content-origin -w @portal/gateway`): course packages from
 * storage on CONTENT_PORT, for a deployment that runs it apart from the portal's servers.
 */
const env = loadGatewayEnv();
const platform = await createPlatform(env);
const server = serve({ fetch: createContentOriginApp(platform).fetch, port: env.contentPort, hostname: env.contentHost }, (info) => {
  logger.info('content origin listening', { url: env.contentOriginUrl, port: info.port });
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('content origin stopping', { signal });
  server.close();
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
