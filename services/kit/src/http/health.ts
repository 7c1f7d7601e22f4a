import type { Context } from 'hono';
import type { ServiceDeps } from './context';
import { logger } from '../logger';
import { pingDatabase } from './health.statements';

/** What an instance's health check reports: whether it can reach its database and its storage. */
export interface Health {
  status: 'ok' | 'unavailable';
  database: 'ok' | 'unreachable';
  storage: 'ok' | 'unreachable';
}

/** A key that is never stored: looking it up proves the store answers (a missing key is an answer). */
const PROBE_KEY = 'health/probe';

export async function checkHealth(deps: Pick<ServiceDeps, 'orm' | 'storage'>): Promise<Health> {
  const [database, storage] = await Promise.all([
    pingDatabase(deps.orm)
      .then(() => 'ok' as const)
      .catch((error: Error) => (logger.warn('health: database unreachable', { error: error.message }), 'unreachable' as const)),
    deps.storage
      .stat(PROBE_KEY)
      .then(() => 'ok' as const)
      .catch((error: Error) => (logger.warn('health: storage unreachable', { error: error.message }), 'unreachable' as const)),
  ]);
  return { status: database === 'ok' && storage === 'ok' ? 'ok' : 'unavailable', database, storage };
}

/**
 * `/health` (and the gateway's `/api/health`): 200 when the instance reaches its database and
 * storage, 503 naming what it cannot reach (docs/deploy.md "What to watch"). Never cached.
 */
export function healthHandler(deps: Pick<ServiceDeps, 'orm' | 'storage'>, extra: Record<string, string> = {}) {
  return async (c: Context) => {
    const health = await checkHealth(deps);
    c.header('Cache-Control', 'no-store');
    return c.json({ ...health, ...extra }, health.status === 'ok' ? 200 : 503);
  };
}
