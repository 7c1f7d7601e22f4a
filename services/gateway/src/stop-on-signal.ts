import { logger } from '@portal/service-kit';

/**
 * On SIGINT or SIGTERM, once: logs `what` stopping, runs `stop` (drain the servers, let the jobs in
 * hand finish, close the database) and exits. Every start of the gateway's build stops this way.
 */
export function stopOnSignal(what: string, stop: () => Promise<void>) {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${what} stopping`, { signal });
    void stop().then(() => process.exit(0));
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
