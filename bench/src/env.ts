import { randomBytes } from 'node:crypto';

/** A bench portal runs in production, whose secrets it makes up for the run unless given. */
export const BENCH_SECRETS = {
  CONTENT_TOKEN_SECRET: process.env.CONTENT_TOKEN_SECRET ?? randomBytes(32).toString('base64url'),
  SHOP_WEBHOOK_SECRET: process.env.SHOP_WEBHOOK_SECRET ?? randomBytes(32).toString('base64url'),
};

/** The bench's and size check's settings, read here once like the rest of the environment. */
export const BENCH_DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
/** Ports 3460 and 3461 unless BENCH_PORT is set (the bare app takes the next one; a second database the two after). */
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
/** A kept data set's name (letters, digits, _): keeps engineers' kept sets on one machine apart; 'reporting' unless REPORTING_BENCH_NAME is set. */
export const REPORTING_BENCH_NAME = (process.env.REPORTING_BENCH_NAME ?? '').replace(/\W/g, '') || 'reporting';

/** The parts of `npm run bench`. */
export const BENCH_PARTS = ['api', 'scorm', 'bulk', 'certificates', 'reporting', 'size', 'lighthouse'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];
/**
 * Only these parts of `npm run bench` (comma-separated, e.g. BENCH_ONLY=api while working on the
 * request path); every part unless set. A run of some parts writes bench-results/bench-<parts>.json.
 */
export const BENCH_ONLY: BenchPart[] = process.env.BENCH_ONLY
  ? process.env.BENCH_ONLY.split(',').map((part) => {
      const name = part.trim();
      if (!(BENCH_PARTS as readonly string[]).includes(name))
        throw new Error(`BENCH_ONLY: no part named ${name} (parts: ${BENCH_PARTS.join(', ')})`);
      return name as BenchPart;
    })
  : [...BENCH_PARTS];
/** Rounds of the API figures; each figure is the median of its rounds (the machine is shared, one round varies). */
export const BENCH_API_ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
/** A MySQL/MariaDB server (mysql://…) on which the API part runs again, in a throwaway database, beside the default one. */
export const BENCH_MYSQL_URL = process.env.BENCH_MYSQL_URL;
/** Also profiles each measured route (a V8 CPU profile of its server under load, in bench-results/profiles/). */
export const BENCH_PROFILE = Boolean(process.env.BENCH_PROFILE);
/** The SCORM part: learners committing together at the steady rate (each every learners/rate seconds; 200 at 100 a second: every 2 s). */
export const BENCH_SCORM_LEARNERS = Number(process.env.BENCH_SCORM_LEARNERS ?? 200);
export const BENCH_SCORM_RATE = Number(process.env.BENCH_SCORM_RATE ?? 100);
/** Seconds of the steady load, and of each step of the search for the rate kept. */
export const BENCH_SCORM_SECONDS = Number(process.env.BENCH_SCORM_SECONDS ?? 15);
export const BENCH_SCORM_STEP_SECONDS = Number(process.env.BENCH_SCORM_STEP_SECONDS ?? 8);
/** The rates (commits a second) tried in turn until p95 passes 100 ms; each step's learners commit every 2 s. */
export const BENCH_SCORM_RATES = (process.env.BENCH_SCORM_RATES ?? '200,300,400,500,600,800').split(',').map(Number);
