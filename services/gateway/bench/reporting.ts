import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { reportingEnrolmentsQuery, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@portal/contracts';
import { configureLogger, xsrfTokenFor, type Em } from '@portal/service-kit';
import { makeSession, makeUser } from '@portal/identity-service/testing';
import { readReportingEnrolments } from '@portal/reporting-service/testing';
import { loadGatewayEnv, REPORTING_BENCH_ROWS } from '../src/env';
import { createPlatform } from '../src/platform';
import { createGatewayApp } from '../src/gateway-app';

/** Issue 10's targets: /reporting's data p95 ≤ 60 ms (MariaDB) and ≤ 2× the bare SQL; a 100,000-row export ≤ 4 s and ≤ 200 MB. */
export const REPORTING_P95_TARGET_MS = 60;
export const EXPORT_TARGET_SECONDS = 4;
export const EXPORT_TARGET_MB = 200;
const SAMPLES = 30;
/** Rows per INSERT: knex writes SQLite multi-row inserts as a compound SELECT, limited to 500 terms. */
const BATCH = 400;

/** Filter + sort + page combinations of the /reporting address, on the big company. */
const COMBINATIONS = (courseId: number, depotId: number) => [
  'order_by=enrolled&order_dir=desc',
  'order_by=learner&order_dir=asc&page=50',
  'status=passed&order_by=expiry&order_dir=asc',
  `courses=${courseId}&order_by=course&order_dir=desc&per_page=50`,
  'search=learner 12&order_by=enrolled',
  `depot=${depotId}&order_by=status&page=3`,
  'start_date=2025-01-01&end_date=2025-06-30&order_by=passed&order_dir=desc&page=10',
  'order_by=last_activity&order_dir=desc&page=2000',
];

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const round = (n: number) => Number(n.toFixed(1));

/** Fills the database with `rows` enrolments in bulk inserts: one company holds a tenth, over 3 depots; 20 courses. */
async function generate(em: Em, rows: number) {
  const knex = em.getKnex();
  const date = (ms: number) => em.getPlatform().processDateProperty(new Date(ms));
  const now = Date.now();
  const insert = async (table: string, data: Record<string, unknown>[]) => {
    for (let i = 0; i < data.length; i += BATCH) await knex(table).insert(data.slice(i, i + BATCH));
  };
  const companies = 1 + 3 + 90;
  await insert('companies', Array.from({ length: companies }, (_, i) => ({ name: `Bench company ${i}`, parent_id: i >= 1 && i <= 3 ? null : null, created_at: date(now), updated_at: date(now) })));
  const ids = ((await knex('companies').select('id').orderBy('id').limit(companies)) as { id: number }[]).map((r) => Number(r.id));
  const big = ids[0]!;
  const depots = ids.slice(1, 4);
  await knex('companies').whereIn('id', depots).update({ parent_id: big });
  const others = ids.slice(4);
  await insert('courses', Array.from({ length: 20 }, (_, i) => ({ name: `Bench course ${String(i).padStart(2, '0')}`, description: '', credit_cost: 1, created_at: date(now), updated_at: date(now) })));
  const courses = ((await knex('courses').select('id').orderBy('id', 'desc').limit(20)) as { id: number }[]).map((r) => Number(r.id));
  const learners = Math.max(10, Math.floor(rows / 5));
  const firstUser = Number(((await knex('users').max({ id: 'id' })) as { id: number | null }[])[0]?.id ?? 0) + 1;
  for (let start = 0; start < learners; start += 20_000) {
    const n = Math.min(20_000, learners - start);
    await insert('users', Array.from({ length: n }, (_, k) => {
      const i = start + k;
      const company = i < learners / 10 ? (i % 4 === 0 ? big : depots[i % 3]!) : others[i % others.length]!;
      return { name: `Learner ${i}`, email: i % 3 === 0 ? null : `bench-${i}@example.test`, login_code: i % 3 === 0 ? `B${i}` : null, company_id: company, role: 'learner', wp_user: false, created_at: date(now), updated_at: date(now) };
    }));
  }
  const statuses = ['not_started', 'in_progress', 'passed', 'failed'] as const;
  for (let start = 0; start < rows; start += 20_000) {
    const n = Math.min(20_000, rows - start);
    await insert('enrollments', Array.from({ length: n }, (_, k) => {
      const i = start + k;
      const learner = i % learners;
      const company = learner < learners / 10 ? (learner % 4 === 0 ? big : depots[learner % 3]!) : others[learner % others.length]!;
      const status = statuses[i % 4]!;
      const created = now - (i % 900) * 86_400_000;
      return {
        user_id: firstUser + learner,
        course_id: courses[i % 20]!,
        company_id: company,
        status,
        score: status === 'passed' ? 80 : null,
        started_at: status === 'not_started' ? null : date(created + 3_600_000),
        passed_at: status === 'passed' ? date(created + 86_400_000) : null,
        expires_at: status === 'passed' ? date(created + 86_400_000 * 365) : null,
        created_at: date(created),
        updated_at: date(created + 7_200_000),
      };
    }));
  }
  return { big, depots, courses };
}

export interface ReportingBenchFigure {
  database: string;
  rows: number;
  bigCompanyRows: number;
  combinations: { query: string; httpP95Ms: number; bareP95Ms: number; ratio: number }[];
  exportRows: number;
  exportSeconds: number;
  exportPeakRssDeltaMb: number;
}

/** `tsx bench/reporting.ts`: generates the data set on a fresh database, then measures /reporting's data and a 100,000-row export. */
export async function benchReporting(rows = REPORTING_BENCH_ROWS): Promise<ReportingBenchFigure> {
  configureLogger({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reporting-'));
  const env = loadGatewayEnv({ NODE_ENV: 'production', LOG_REQUESTS: 'false', DATA_DIR: dataDir });
  const platform = await createPlatform(env);
  const server = serve({ fetch: createGatewayApp(platform).fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const em = platform.orm.em.fork();
    const t0 = performance.now();
    const { big, depots, courses } = await generate(em, rows);
    process.stdout.write(`generated ${rows} enrolments in ${round((performance.now() - t0) / 1000)} s\n`);
    if (env.DATABASE_URL?.startsWith('mysql')) await em.getKnex().raw('ANALYZE TABLE enrollments, users, courses, companies');
    else await em.getKnex().raw('ANALYZE');
    const manager = await makeUser(em, { role: 'manager', companyId: big, name: 'Bench Manager' });
    const token = await makeSession(em, manager.id);
    // The XSRF token is bound to the session (an HMAC of its token).
    const headers = { cookie: `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrfTokenFor(token)}`, [XSRF_HEADER]: xsrfTokenFor(token) };
    const bigCompanyRows = Number(((await em.getKnex()('enrollments').whereIn('company_id', [big, ...depots]).count({ n: '*' })) as { n: number }[])[0]!.n);

    const combinations: ReportingBenchFigure['combinations'] = [];
    for (const query of COMBINATIONS(courses[0]!, depots[0]!)) {
      const url = `${baseUrl}/api/reporting/enrolments?${query}`;
      const parsed = reportingEnrolmentsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const http: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < SAMPLES + 3; i++) {
        let start = performance.now();
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${query} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        if (i >= 3) http.push(performance.now() - start);
        start = performance.now();
        await readReportingEnrolments(platform.orm.em.fork(), { actingCompanyId: big, query: parsed, url, now: new Date() });
        if (i >= 3) bare.push(performance.now() - start);
      }
      combinations.push({ query, httpP95Ms: round(p95(http)), bareP95Ms: round(p95(bare)), ratio: Number((p95(http) / p95(bare)).toFixed(2)) });
      process.stdout.write(`${query}: http p95 ${round(p95(http))} ms, bare ${round(p95(bare))} ms\n`);
    }

    const exportIds = ((await em.getKnex()('enrollments').select('id').whereIn('company_id', [big, ...depots]).limit(100_000)) as { id: number }[]).map((r) => Number(r.id));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const start = performance.now();
    const response = await fetch(`${baseUrl}/api/enrollments/exportBulk`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ids: exportIds }) });
    if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    while (!(await reader.read()).done) peak = Math.max(peak, process.memoryUsage().rss);
    const exportSeconds = (performance.now() - start) / 1000;
    clearInterval(timer);

    return {
      database: env.DATABASE_URL?.startsWith('mysql') ? 'MySQL/MariaDB' : 'SQLite (a fresh temporary file)',
      rows,
      bigCompanyRows,
      combinations,
      exportRows: exportIds.length,
      exportSeconds: Number(exportSeconds.toFixed(2)),
      exportPeakRssDeltaMb: round((peak - rssBefore) / 1024 / 1024),
    };
  } finally {
    server.close();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reportingMarkdown(f: ReportingBenchFigure): string[] {
  return [
    `## /reporting data (${f.database}, ${f.rows} enrolments, ${f.bigCompanyRows} in the measured company)`,
    '',
    '| query | HTTP p95 ms | bare p95 ms | ratio |',
    '|---|---|---|---|',
    ...f.combinations.map((c) => `| ${c.query} | ${c.httpP95Ms} | ${c.bareP95Ms} | ${c.ratio} |`),
    '',
    `Export of ${f.exportRows} rows: ${f.exportSeconds} s, peak RSS +${f.exportPeakRssDeltaMb} MB (targets ${EXPORT_TARGET_SECONDS} s, ${EXPORT_TARGET_MB} MB).`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figure = await benchReporting();
  process.stdout.write(`${reportingMarkdown(figure).join('\n')}\n`);
}
