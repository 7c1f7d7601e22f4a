import { serve } from '@hono/node-server';
import { drainable, logger } from '@portal/service-kit';
import { stopOnSignal } from './stop-on-signal';
import { loadServerEnv } from './env';
import { createPlatform, startBackgroundWork } from './platform';
import { createGatewayApp } from './gateway-app';
import { createContentOriginApp } from './content-origin';
import { seedDemoData } from './seed';
import { startBanner } from './start-banner';

const env = loadServerEnv();
const platform = await createPlatform(env);
const seeded = await seedDemoData(platform);
if (seeded) logger.info('demo data seeded');

// The job worker and scheduler run here unless RUN_WORKER=false (then `npm run worker` runs them).
const background = env.RUN_WORKER ? startBackgroundWork(platform) : null;

const app = createGatewayApp(platform);
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  process.stdout.write(['', ...startBanner(env, info.port), ''].join('\n'));
});

// Course packages on their own origin (issue 13 item 2), beside the portal.
const contentServer = serve({ fetch: createContentOriginApp(platform).fetch, port: env.contentPort, hostname: env.contentHost }, (info) => {
  process.stdout.write(`Course content: ${env.contentOriginUrl} (port ${info.port}).\n`);
});

const servers = [drainable(server), drainable(contentServer)];

stopOnSignal('portal', async () => {
  // The requests in hand are answered first (a rolling restart loses none).
  await Promise.all(servers.map((lifecycle) => lifecycle.close()));
  await background?.stop();
  await platform.close();
});
