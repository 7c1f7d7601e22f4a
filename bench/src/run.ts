import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@portal/gateway';
import { BENCH_MYSQL_URL, BENCH_ONLY, BENCH_PARTS, BENCH_PORT } from './env';
import { API_RATIO_TARGET, benchApi, type ApiFigure } from './api';
import { JS_BUDGET_GZIP_BYTES, signInPersonas } from './landing-pages';
import { LIGHTHOUSE_RUNS, LIGHTHOUSE_TARGETS, lighthouseProblems, runLighthouse, type LighthouseScore } from './lighthouse';
import { measureSizes } from './size';
import { startBenchServer, type BareCheck, type BenchServer, type StageFigure } from './start-bench-server';
import { benchBulkEnrol, bulkEnrolMarkdown, bulkEnrolProblems, type BulkEnrolFigure } from './bulk-enrol';
import { benchCertificates, certificateMarkdown, certificateProblems, type CertificateFigure } from './certificates';
import { benchReporting, reportingMarkdown, reportingProblems, type ReportingBenchFigure } from './reporting';
import { benchScorm, scormMarkdown, scormProblems, type ScormFigure } from './scorm';

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

/** The Server-Timing stages of kit's route binding (bind-routes.ts) and the gateway's share, as the tables name them. */
const STAGE_NAMES: Record<string, string> = {
  context: 'entity manager (fork)',
  session: 'session lookup',
  input: 'access and input validation',
  tenant: 'tenancy',
  handler: 'handler (its queries and mapping)',
  output: 'response validation',
  json: 'JSON serialisation',
  middleware: 'gateway middleware',
};

/**
 * `npm run bench`: one run, every figure. Starts the built portal on a fresh database in a child
 * process, then measures the API (each measured route against a bare Hono route running the same
 * SQL through the raw driver; again on BENCH_MYSQL_URL's server when set), the bulk enrolment and
 * certificate figures, the first-visit JavaScript of each landing page (against the figures before
 * issue 14 and the budget) and Lighthouse's scores (against the targets), and writes
 * bench-results/bench.json and bench-results/bench.md. BENCH_ONLY=api (or other parts,
 * comma-separated) runs those parts only, into bench-results/bench-<parts>.json and .md.
 */
if (process.argv.includes('--help')) {
  process.stdout.write(
    [
      'npm run bench: every part, into bench-results/bench.json and bench.md at the repository root.',
      `BENCH_ONLY=part[,part…] runs those parts only, into bench-results/bench-<parts>.json and .md (parts: ${BENCH_PARTS.join(', ')}).`,
      'Other settings (bench/src/env.ts): BENCH_MYSQL_URL, BENCH_PORT, BENCH_DURATION_SECONDS, BENCH_API_ROUNDS, BENCH_PROFILE,',
      'BENCH_SCORM_*, REPORTING_BENCH_ROWS / _SAMPLES / _KEEP / _NAME, LIGHTHOUSE_RUNS, CHROMIUM_PATH. Page weight alone: npm run size.',
      '',
    ].join('\n'),
  );
  process.exit(0);
}
const parts = new Set(BENCH_ONLY);
const loadAtStart = loadavg();
const problems: string[] = [];
let failed = false;
const server = await startBenchServer(BENCH_PORT, { forApi: parts.has('api') });
try {
  // Issue 14 item 4: the request path, on the default database and, when given, on MySQL/MariaDB too.
  const api: ApiResult[] = [];
  if (parts.has('api')) {
    api.push(await apiOn(server));
    if (BENCH_MYSQL_URL && !server.database.startsWith('MySQL')) {
      const mysqlServer = await startBenchServer(BENCH_PORT + 2, { databaseUrl: BENCH_MYSQL_URL, forApi: true });
      try {
        api.push(await apiOn(mysqlServer));
      } finally {
        await mysqlServer.stop();
      }
    }
  }

  // Issue 26: SCORM commits from a class of learners, on the default database and on MySQL/MariaDB when given.
  const scorm: ScormFigure[] = [];
  if (parts.has('scorm')) {
    const log = (line: string) => process.stdout.write(`${line}\n`);
    scorm.push(await benchScorm(server, log));
    if (BENCH_MYSQL_URL && !server.database.startsWith('MySQL')) {
      const mysqlServer = await startBenchServer(BENCH_PORT + 2, { databaseUrl: BENCH_MYSQL_URL });
      try {
        scorm.push(await benchScorm(mysqlServer, log));
      } finally {
        await mysqlServer.stop();
      }
    }
    for (const figure of scorm) {
      problems.push(...scormProblems(figure));
      if (!figure.check.sameSql) problems.push(`SCORM commits (${figure.database}), the twin's statements:${statementLists(figure.check)}`);
      if (!figure.check.sameSql || figure.verified.lost || figure.verified.duplicated) failed = true;
    }
  }

  // Issue 9: a 10,000-row spreadsheet enrolled end to end, on its own fresh database.
  const bulkEnrol = parts.has('bulk') ? await benchBulkEnrol() : null;
  if (bulkEnrol) {
    problems.push(...bulkEnrolProblems(bulkEnrol));
    if (!bulkEnrol.ledgerIntact || bulkEnrol.enrolled !== bulkEnrol.rows) failed = true;
  }
  // Issue 11: certificates rendered per second, and a 1,000-certificate zip streamed.
  const certificates = parts.has('certificates') ? await benchCertificates() : null;
  if (certificates) problems.push(...certificateProblems(certificates));
  // Issue 10: /reporting's data and a 100,000-row export on REPORTING_BENCH_ROWS (1,000,000) enrolments, on their own database.
  const reporting = parts.has('reporting') ? await benchReporting() : null;
  if (reporting) problems.push(...reportingProblems(reporting));

  const sizes = parts.has('size') ? await measureSizes(server.baseUrl) : null;
  if (sizes) problems.push(...sizes.problems);
  const lighthouse: LighthouseScore[] = [];
  if (parts.has('lighthouse')) {
    const sessions = await signInPersonas(server.baseUrl);
    for (const formFactor of ['mobile', 'desktop'] as const)
      lighthouse.push(...(await runLighthouse(server.baseUrl, sessions, formFactor)));
    problems.push(...lighthouseProblems(lighthouse));
  }

  const results: Results = {
    date: new Date().toISOString(),
    parts: [...parts],
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      // The machine may be shared: its load average (1, 5, 15 minutes) when the run began and ended.
      loadAverage: { start: loadAtStart.map((n) => Number(n.toFixed(2))), end: loadavg().map((n) => Number(n.toFixed(2))) },
    },
    node: process.version,
    database: server.database,
    api,
    scorm,
    bulkEnrol,
    certificates,
    reporting,
    pageWeight: sizes && {
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
    lighthouse: parts.has('lighthouse')
      ? {
          version: '12.8',
          runsPerPage: LIGHTHOUSE_RUNS,
          targets: LIGHTHOUSE_TARGETS,
          scores: lighthouse.map((score) => ({
            ...score,
            performanceToTarget: ratio(score.performance, LIGHTHOUSE_TARGETS.performance),
            accessibilityToTarget: ratio(score.accessibility, LIGHTHOUSE_TARGETS.accessibility),
          })),
        }
      : null,
    problems,
  };
  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const name = parts.size === BENCH_PARTS.length ? 'bench' : `bench-${[...parts].join('-')}`;
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const table = markdown(results);
  writeFileSync(join(folder, `${name}.md`), table);
  process.stdout.write(`${table}\n`);
  if (problems.length > 0) process.stdout.write(`Below target:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
  // Figures under their targets are results, not failures; a run that could not measure is.
  if (failed) process.exitCode = 1;
} finally {
  await server.stop();
}

type ApiResult = ApiFigure & { stages: StageFigure[] };

/** Both statement lists of a twin that drifted, in the order each ran, so the difference shows at a glance. */
function statementLists(check: BareCheck): string {
  const numbered = (sql: string[] = []) => sql.map((statement, index) => `\n      ${index + 1}. ${statement}`).join('') || '\n      (none)';
  return `\n    route runs:${numbered(check.routeSql)}\n    twin runs:${numbered(check.bareSql)}`;
}

/** The API part on one bench server: the figures, the stages of one request, and what is wrong with them. */
async function apiOn(on: BenchServer): Promise<ApiResult> {
  for (const check of on.checks) {
    const wrong = [check.sameBody ? null : 'answers another body', check.sameSql ? null : 'runs other statements']
      .filter(Boolean)
      .join(' and ');
    if (wrong) {
      failed = true;
      problems.push(
        `API (${on.database}): the bare twin of ${check.path} ${wrong} (bench/src/bare-routes.ts must follow the route): its ratio is not valid.${check.sameSql ? '' : statementLists(check)}`,
      );
    }
  }
  const figure = await benchApi(on, (line) => process.stdout.write(`${line}\n`));
  for (const m of [...figure.routes.map((r) => ({ name: r.name, ...r.route })), figure.asBrowser]) {
    if (m.non2xx > 0 || m.errors > 0) {
      failed = true;
      problems.push(`API (${on.database}): ${m.name} answered errors during the run: its figure is not valid.`);
    }
  }
  for (const route of figure.routes) {
    if (route.ratioToBare < API_RATIO_TARGET)
      problems.push(`API (${on.database}): ${route.name} at ${route.ratioToBare} of its bare twin (target ${API_RATIO_TARGET}).`);
  }
  return { ...figure, stages: on.stages };
}

type Results = {
  date: string;
  parts: string[];
  machine: { cores: number; cpu: string; memoryGiB: number; loadAverage: { start: number[]; end: number[] } };
  node: string;
  database: string;
  api: ApiResult[];
  scorm: ScormFigure[];
  bulkEnrol: BulkEnrolFigure | null;
  certificates: CertificateFigure | null;
  reporting: ReportingBenchFigure | null;
  pageWeight: {
    budgetGzipKB: number;
    pages: {
      name: string;
      path: string;
      as: string | null;
      gzipKB: number;
      brotliKB: number;
      gzipKBBeforeIssue14: number | null;
      ratioToBefore: number | null;
      ratioToBudget: number;
    }[];
  } | null;
  lighthouse: {
    version: string;
    runsPerPage: number;
    targets: typeof LIGHTHOUSE_TARGETS;
    scores: (LighthouseScore & { performanceToTarget: number; accessibilityToTarget: number })[];
  } | null;
  problems: string[];
};

/** The API tables: throughput against the bare twins, then one request's stages. */
function apiMarkdown(api: ApiResult): string[] {
  const rounds = api.rounds > 1 ? `median of ${api.rounds} rounds` : '1 round';
  const lines = [
    `| API on ${api.database} (autocannon, ${api.connections} connections, ${api.durationSeconds} s, ${rounds}) | requests/s | p50 ms | p99 ms | bare twin, requests/s | ratio to bare (target ≥ ${API_RATIO_TARGET}) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...api.routes.map(
      (r) =>
        `| ${r.name} | ${r.route.requestsPerSecond} | ${r.route.latencyMs.p50} | ${r.route.latencyMs.p99} | ${r.bare.requestsPerSecond} | ${r.ratioToBare} |`,
    ),
    `| ${api.asBrowser.name} | ${api.asBrowser.requestsPerSecond} | ${api.asBrowser.latencyMs.p50} | ${api.asBrowser.latencyMs.p99} | - | ${api.asBrowser.ratioToBare} |`,
    `| floor: bare Hono answering fixed JSON, no SQL | ${api.floor.requestsPerSecond} | ${api.floor.latencyMs.p50} | ${api.floor.latencyMs.p99} | - | - |`,
    '',
  ];
  const stageNames = [...new Set(api.stages.flatMap((s) => Object.keys(s.routeMicros)))].filter((name) => name !== 'total');
  lines.push(
    `| one request, in process, one at a time (median of ${api.stages[0]?.samples ?? 0}), µs | ${api.stages.map((s) => `\`${s.path.replace(/\?.*/, '')}\``).join(' | ')} |`,
    `| --- | ${api.stages.map(() => '---:').join(' | ')} |`,
    ...stageNames.map((name) => `| ${STAGE_NAMES[name] ?? name} | ${api.stages.map((s) => s.routeMicros[name] ?? '-').join(' | ')} |`),
    `| **route, total** | ${api.stages.map((s) => s.routeMicros.total ?? '-').join(' | ')} |`,
    `| bare twin, total | ${api.stages.map((s) => s.bareMicros).join(' | ')} |`,
    `| CPU per request: route / bare twin | ${api.stages.map((s) => `${s.routeCpuMicros} / ${s.bareCpuMicros}`).join(' | ')} |`,
    '',
  );
  for (const route of api.routes) {
    if (!route.profile) continue;
    lines.push(
      `CPU profile of ${route.path} under load (\`${route.profile.file}\`), self time: ${route.profile.groups
        .slice(0, 8)
        .map((g) => `${g.name} ${(g.share * 100).toFixed(0)} %`)
        .join(', ')}.`,
      '',
    );
  }
  return lines;
}

/** The tables of docs/benchmarks.md. */
function markdown(results: Results): string {
  const load = (figures: number[]) => figures.join(' / ');
  const lines = [
    `Run ${results.date.slice(0, 16).replace('T', ' ')} UTC · ${results.machine.cores} cores (${results.machine.cpu}), ${results.machine.memoryGiB} GiB · load average ${load(results.machine.loadAverage.start)} at the start, ${load(results.machine.loadAverage.end)} at the end · Node ${results.node} · ${results.database}${results.parts.length < BENCH_PARTS.length ? ` · parts: ${results.parts.join(', ')}` : ''}`,
    '',
    ...results.api.flatMap(apiMarkdown),
  ];
  if (results.scorm.length) lines.push(scormMarkdown(results.scorm), '');
  if (results.bulkEnrol) lines.push(...bulkEnrolMarkdown(results.bulkEnrol), '');
  if (results.certificates) lines.push(...certificateMarkdown(results.certificates), '');
  if (results.reporting) lines.push(...reportingMarkdown(results.reporting), '');
  if (results.pageWeight) {
    lines.push(
      `| first visit, JavaScript | signed in as | gzip KB | brotli KB | before issue 14, gzip KB | ratio to before | ratio to the ${results.pageWeight.budgetGzipKB} KB budget |`,
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...results.pageWeight.pages.map(
        (p) =>
          `| ${p.name} (\`${p.path}\`) | ${p.as ?? '-'} | ${p.gzipKB} | ${p.brotliKB} | ${p.gzipKBBeforeIssue14 ?? '-'} | ${p.ratioToBefore ?? '-'} | ${p.ratioToBudget} |`,
      ),
      '',
    );
  }
  if (results.lighthouse) {
    lines.push(
      `| Lighthouse 12.8 (median of ${results.lighthouse.runsPerPage}) | form factor | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | performance to target 95 |`,
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.lighthouse.scores.map(
        (s) =>
          `| ${s.name} (\`${s.path}\`) | ${s.formFactor} | ${s.performance} | ${s.accessibility} | ${s.metrics.fcpMs} | ${s.metrics.lcpMs} | ${s.metrics.tbtMs} | ${s.metrics.cls} | ${s.performanceToTarget} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}
