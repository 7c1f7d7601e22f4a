import { loadEnv, type Env } from '@portal/service-kit';
import { fromRepoRoot } from './paths';

/** The gateway's environment: the kit's, with data/ anchored at the repository root. */
export function loadGatewayEnv(overrides: Record<string, string | undefined> = {}): Env {
  const source = { ...process.env, ...overrides };
  return loadEnv({ ...source, DATA_DIR: fromRepoRoot(source.DATA_DIR ?? 'data') });
}

/** The bench's and size check's settings, read here once like the rest of the environment. */
export const BENCH_DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
/** Ports 3460 and 3461 unless BENCH_PORT is set (the bare app takes the next one). */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 3460);
/** Lighthouse's advice: the median of several runs, since one run varies. */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Prints Lighthouse's layout-shift and main-thread details for each page. */
export const LIGHTHOUSE_DEBUG = Boolean(process.env.LIGHTHOUSE_DEBUG);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The reporting bench's data set: 1,000,000 enrolments (one company holding a tenth) unless REPORTING_BENCH_ROWS is set. */
export const REPORTING_BENCH_ROWS = Number(process.env.REPORTING_BENCH_ROWS ?? 1_000_000);
/** Requests per /reporting address (after 2 warm-up ones); 0 measures the export alone. */
export const REPORTING_BENCH_SAMPLES = Number(process.env.REPORTING_BENCH_SAMPLES ?? 20);
/** Keep the generated reporting data set (a named MySQL database / a fixed temporary folder) and reuse it on the next run. */
export const REPORTING_BENCH_KEEP = Boolean(process.env.REPORTING_BENCH_KEEP);
