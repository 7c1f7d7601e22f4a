import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@portal/contracts';
import { REPO_ROOT } from '../src/paths';
import { BENCH_DURATION_SECONDS } from '../src/env';
import { JS_BUDGET_GZIP_BYTES, signInPersonas } from './landing-pages';
import { LIGHTHOUSE_RUNS, LIGHTHOUSE_TARGETS, lighthouseProblems, runLighthouse, type LighthouseScore } from './lighthouse';
import { measureSizes } from './size';
import { startBenchServer } from './start-bench-server';
import { benchBulkEnrol, bulkEnrolMarkdown, bulkEnrolProblems, type BulkEnrolFigure } from './bulk-enrol';
import { benchCertificates, certificateMarkdown, certificateProblems, type CertificateFigure } from './certificates';
import { benchReporting, reportingMarkdown, reportingProblems, type ReportingBenchFigure } from './reporting';

interface Measurement {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p97_5: number; p99: number };
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  // A short warm-up so JIT and connection set-up do not count.
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: BENCH_DURATION_SECONDS });
  return {
    name,
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * First-visit JavaScript of each landing page before issue 14 (commit 8282e05: no compression,
 * recharts in the shared design system, two federation runtimes), gzip level 9 of each response.
 * The baseline of the page-weight ratios.
 */
const GZIP_KB_BEFORE_ISSUE_14: Record<string, number> = {
  'learner dashboard': 382.4,
  'company dashboard': 341.1,
  'admin dashboard': 366.0,
  verify: 353.5,
  login: 318.4,
};

const ratio = (value: number, baseline: number) => Number((value / baseline).toFixed(3));
const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * `npm run bench`: one run, every figure. Starts the built portal on a fresh database in a child
 * process, then measures the API (against a bare Hono app), the first-visit JavaScript of each
 * landing page (against the figures before issue 14 and the budget) and Lighthouse's scores
 * (against the targets), and writes bench-results/bench.json and bench-results/bench.md.
 */
const server = await startBenchServer();
const problems: string[] = [];
try {
  const bare = await measure('bare Hono route', `${server.bareUrl}/bare`);
  const authenticated = await measure('authenticated JSON route (GET /api/credit-balance)', `${server.baseUrl}/api/credit-balance`, {
    cookie: `${SESSION_COOKIE}=${server.sessionToken}`,
  });
  // The same route as a browser asks for it: the body is read to decide on compression (it is under 1 KB, so it is not compressed).
  const asBrowser = await measure('the same, with a browser\'s Accept-Encoding (gzip, deflate, br, zstd)', `${server.baseUrl}/api/credit-balance`, {
    cookie: `${SESSION_COOKIE}=${server.sessionToken}`,
    'accept-encoding': 'gzip, deflate, br, zstd',
  });
  for (const m of [authenticated, asBrowser]) {
    if (m.non2xx > 0 || m.errors > 0) problems.push(`${m.name} answered errors during the run: its figure is not valid.`);
  }

  // Issue 9: a 10,000-row spreadsheet enrolled end to end, on its own fresh database.
  const bulkEnrol = await benchBulkEnrol();
  problems.push(...bulkEnrolProblems(bulkEnrol));
  // Issue 11: certificates rendered per second, and a 1,000-certificate zip streamed.
  const certificates = await benchCertificates();
  problems.push(...certificateProblems(certificates));
  // Issue 10: /reporting's data and a 100,000-row export on REPORTING_BENCH_ROWS (1,000,000) enrolments, on their own database.
  const reporting = await benchReporting();
  problems.push(...reportingProblems(reporting));

  const sizes = await measureSizes(server.baseUrl);
  problems.push(...sizes.problems);
  const sessions = await signInPersonas(server.baseUrl);
  const lighthouse: LighthouseScore[] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) lighthouse.push(...(await runLighthouse(server.baseUrl, sessions, formFactor)));
  problems.push(...lighthouseProblems(lighthouse));

  const results = {
    date: new Date().toISOString(),
    machine: { cores: availableParallelism(), cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30) },
    node: process.version,
    database: server.database,
    api: {
      durationSeconds: BENCH_DURATION_SECONDS,
      connections: 10,
      measurements: [bare, authenticated, asBrowser].map((m) => ({ ...m, ratioToBare: ratio(m.requestsPerSecond, bare.requestsPerSecond) })),
    },
    bulkEnrol,
    certificates,
    reporting,
    pageWeight: {
      budgetGzipKB: kb(JS_BUDGET_GZIP_BYTES),
      pages: sizes.pages.map((page) => ({
        name: page.name,
        path: page.path,
        as: page.as,
        scriptFiles: page.scriptFiles,
        gzipKB: kb(page.scriptTransferBytes),
        brotliKB: kb(page.brotliBytes),
        gzipKBBeforeIssue14: GZIP_KB_BEFORE_ISSUE_14[page.name] ?? null,
        ratioToBefore: GZIP_KB_BEFORE_ISSUE_14[page.name] ? ratio(kb(page.scriptTransferBytes), GZIP_KB_BEFORE_ISSUE_14[page.name]!) : null,
        ratioToBudget: ratio(page.scriptTransferBytes, JS_BUDGET_GZIP_BYTES),
        reactRenderers: page.reactRenderers,
      })),
    },
    lighthouse: {
      version: '12.8',
      runsPerPage: LIGHTHOUSE_RUNS,
      targets: LIGHTHOUSE_TARGETS,
      scores: lighthouse.map((score) => ({
        ...score,
        performanceToTarget: ratio(score.performance, LIGHTHOUSE_TARGETS.performance),
        accessibilityToTarget: ratio(score.accessibility, LIGHTHOUSE_TARGETS.accessibility),
      })),
    },
    problems,
  };
  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  const table = markdown(results);
  writeFileSync(join(folder, 'bench.md'), table);
  process.stdout.write(`${table}\n`);
  if (problems.length > 0) process.stdout.write(`Below target:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
  // Figures under their targets are results, not failures; a run that could not measure is.
  if ([authenticated, asBrowser].some((m) => m.non2xx > 0 || m.errors > 0) || !bulkEnrol.ledgerIntact || bulkEnrol.enrolled !== bulkEnrol.rows) process.exitCode = 1;
} finally {
  server.stop();
}

type Results = {
  date: string;
  machine: { cores: number; cpu: string; memoryGiB: number };
  node: string;
  database: string;
  api: { durationSeconds: number; connections: number; measurements: (Measurement & { ratioToBare: number })[] };
  bulkEnrol: BulkEnrolFigure;
  certificates: CertificateFigure;
  reporting: ReportingBenchFigure;
  pageWeight: { budgetGzipKB: number; pages: { name: string; path: string; as: string | null; gzipKB: number; brotliKB: number; gzipKBBeforeIssue14: number | null; ratioToBefore: number | null; ratioToBudget: number }[] };
  lighthouse: { runsPerPage: number; scores: (LighthouseScore & { performanceToTarget: number })[] };
};

/** The tables of docs/benchmarks.md. */
function markdown(results: Results): string {
  const lines = [
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC · ${results.machine.cores} cores (${results.machine.cpu}), ${results.machine.memoryGiB} GiB · Node ${results.node} · ${results.database}`,
    '',
    `| API (autocannon, ${results.api.connections} connections, ${results.api.durationSeconds} s) | requests/s | p50 ms | p99 ms | ratio to bare Hono |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...results.api.measurements.map(
      (m, index) => `| ${m.name} | ${m.requestsPerSecond} | ${m.latencyMs.p50} | ${m.latencyMs.p99} | ${index === 0 ? '1 (baseline)' : m.ratioToBare} |`,
    ),
    '',
    ...bulkEnrolMarkdown(results.bulkEnrol),
    '',
    ...certificateMarkdown(results.certificates),
    '',
    ...reportingMarkdown(results.reporting),
    '',
    `| first visit, JavaScript | signed in as | gzip KB | brotli KB | before issue 14, gzip KB | ratio to before | ratio to the ${results.pageWeight.budgetGzipKB} KB budget |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.pageWeight.pages.map(
      (p) => `| ${p.name} (\`${p.path}\`) | ${p.as ?? '-'} | ${p.gzipKB} | ${p.brotliKB} | ${p.gzipKBBeforeIssue14 ?? '-'} | ${p.ratioToBefore ?? '-'} | ${p.ratioToBudget} |`,
    ),
    '',
    `| Lighthouse 12.8 (median of ${results.lighthouse.runsPerPage}) | form factor | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | performance to target 95 |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.lighthouse.scores.map(
      (s) => `| ${s.name} (\`${s.path}\`) | ${s.formFactor} | ${s.performance} | ${s.accessibility} | ${s.metrics.fcpMs} | ${s.metrics.lcpMs} | ${s.metrics.tbtMs} | ${s.metrics.cls} | ${s.performanceToTarget} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
