import { loadEnv, type Env } from '@portal/service-kit';
import { fromRepoRoot } from './paths';

/** The gateway's environment: the kit's, with data/ anchored at the repository root. */
export function loadGatewayEnv(overrides: Record<string, string | undefined> = {}): Env {
  const source = { ...process.env, ...overrides };
  return loadEnv({ ...source, DATA_DIR: fromRepoRoot(source.DATA_DIR ?? 'data') });
}

/** The folder `npm run …` was typed in (npm runs a workspace's script in the workspace). */
export const INVOKED_FROM = process.env.INIT_CWD ?? process.cwd();

/**
 * `npm start` serves with `--demo`: the demo mode, NODE_ENV=development unless NODE_ENV is set
 * (then that mode, as said in the banner). `npm run start:production` serves without it, in
 * production (NODE_ENV's default).
 */
export function startModeOverrides(argv: readonly string[], environment: Record<string, string | undefined>): Record<string, string> {
  return argv.includes('--demo') && !environment.NODE_ENV ? { NODE_ENV: 'development' } : {};
}

/** The server's environment (main.ts), in the mode its command line asks for. */
export function loadServerEnv(argv: readonly string[] = process.argv): Env {
  return loadGatewayEnv(startModeOverrides(argv, process.env));
}
