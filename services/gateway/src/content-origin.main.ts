import { serve } from '@hono/node-server';
import { drainable, logger } from '@portal/service-kit';
import { createContentOriginApp } from './content-origin';
import { loadGatewayEnv } from './env';
import { createPlatform } from './platform';

/**
 * The content origin alone (`npm run content-origin -w @portal/gateway`): course packages on
 * CONTENT_PORT, for a deployment that runs it as its own instances behind its own site
 * (docs/deploy.md). `npm start` runs it inside the gateway's process instead.
 */
const env = loadGatewayEnv();
const platform = await createPlatform(env);
const server = serve({ fetch: createContentOriginApp(platform).fetch, port: env.contentPort, hostname: env.contentHost }, (info) => {
  logger.info('content origin listening', { port: info.port, origin: env.contentOriginUrl });
});
const lifecycle = drainable(server);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('content origin stopping', { signal });
  await lifecycle.close();
  await platform.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
