import { serve } from '@hono/node-server';
import { drainable, logger } from '@portal/service-kit';
import { createContentOriginApp } from './content-origin';
import { stopOnSignal } from './stop-on-signal';
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

stopOnSignal('content origin', async () => {
  await lifecycle.close();
  await platform.close();
});
