import { loadEnv, type Env } from '@portal/service-kit';
import { fromRepoRoot } from './paths';

/** The gateway's environment: the kit's, with data/ anchored at the repository root. */
export function loadGatewayEnv(overrides: Record<string, string | undefined> = {}): Env {
  const source = { ...process.env, ...overrides };
  return loadEnv({ ...source, DATA_DIR: fromRepoRoot(source.DATA_DIR ?? 'data') });
}

export const BENCH_DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
