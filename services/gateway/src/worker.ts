import { logger } from '@portal/service-kit';
import { stopOnSignal } from './stop-on-signal';
import { loadGatewayEnv } from './env';
import { createPlatform, startBackgroundWork } from './platform';

/**
 * A worker process: runs the queue's jobs and the scheduler, serves nothing (`npm run worker -w
 * @portal/gateway`). Start as many as the queue needs; the servers can then run with
 * RUN_WORKER=false. WORKER_QUEUES gives one its own queues (e.g. `mail`).
 */
const env = loadGatewayEnv();
const platform = await createPlatform(env);
const background = startBackgroundWork(platform);
logger.info('worker started', { queues: env.WORKER_QUEUES ?? 'all', concurrency: env.WORKER_CONCURRENCY });

stopOnSignal('worker', async () => {
  await background.stop();
  await platform.close();
});
