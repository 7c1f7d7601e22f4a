import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@portal/gateway';
import { JS_BUDGET_GZIP_BYTES, LANDING_PAGES, signInPersonas } from './landing-pages';
import { measurePages, type PageWeight } from './page-weight';
import { startBenchServer } from './start-bench-server';

export interface SizeReport {
  budgetGzipBytes: number;
  pages: (Omit<PageWeight, 'acceptEncoding'> & { brotliBytes: number; overBudget: boolean })[];
  problems: string[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The gzipped JavaScript of a first visit of each landing page (the browser offered gzip only),
 * and the same with brotli for information; problems lists whatever breaks the budget.
 */
export async function measureSizes(baseUrl: string, budgetBytes = JS_BUDGET_GZIP_BYTES): Promise<SizeReport> {
  if ((await fetch(`${baseUrl}/login`)).status === 503)
    throw new Error('The frontends are not built: run `npx turbo run build --filter=./shells/* --filter=./remotes/*` first.');
  const sessions = await signInPersonas(baseUrl);
  const gzip = await measurePages(baseUrl, sessions, 'gzip');
  const brotli = await measurePages(baseUrl, sessions, 'br, gzip');
  const problems: string[] = [];
  const pages = gzip.map(({ acceptEncoding: _, ...page }, index) => {
    const overBudget = page.scriptTransferBytes > budgetBytes;
    if (overBudget)
      problems.push(`${page.name}: ${kb(page.scriptTransferBytes)} KB of gzipped JavaScript, over the ${kb(budgetBytes)} KB budget`);
    if (page.uncompressedScripts > 0) problems.push(`${page.name}: ${page.uncompressedScripts} script(s) sent without compression`);
    if (page.reactRenderers !== 1) problems.push(`${page.name}: ${page.reactRenderers} React DOM copies started (expected 1)`);
    return { ...page, brotliBytes: brotli[index]!.scriptTransferBytes, overBudget };
  });
  return { budgetGzipBytes: budgetBytes, pages, problems };
}

export function sizeTable(report: SizeReport): string {
  const rows = [
    ['page', 'signed in as', 'JS files', 'gzip KB', 'brotli KB', `of ${kb(report.budgetGzipBytes)} KB budget`],
    ...report.pages.map((page) => [
      `${page.name} (${page.path})`,
      page.as ?? '-',
      String(page.scriptFiles),
      kb(page.scriptTransferBytes),
      kb(page.brotliBytes),
      `${((100 * page.scriptTransferBytes) / report.budgetGzipBytes).toFixed(0)}%${page.overBudget ? ' OVER' : ''}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row.map((cell, column) => (column === 0 || column === 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '),
    )
    .join('\n');
}

/**
 * `npm run size`: starts the built portal on a fresh database, measures, writes
 * bench-results/size.json; exits 1 over budget (issue 14's 150 KB, or `--budget-kb=N`).
 * `npm run size -- --files` lists every script.
 */
if (import.meta.filename === process.argv[1]) {
  const budgetArg = process.argv.find((arg) => arg.startsWith('--budget-kb='));
  const budgetBytes = budgetArg ? Number(budgetArg.split('=')[1]) * 1024 : JS_BUDGET_GZIP_BYTES;
  if (!(budgetBytes > 0)) throw new Error(`Not a budget: ${budgetArg}`);
  const server = await startBenchServer();
  try {
    const report = await measureSizes(server.baseUrl, budgetBytes);
    const folder = join(REPO_ROOT, 'bench-results');
    mkdirSync(folder, { recursive: true });
    const result = {
      date: new Date().toISOString(),
      node: process.version,
      cores: availableParallelism(),
      database: server.database,
      ...report,
    };
    writeFileSync(join(folder, 'size.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (process.argv.includes('--files')) {
      for (const page of report.pages) {
        process.stdout.write(
          `\n${page.name}\n${page.scripts.map((file) => `  ${kb(file.transferBytes).padStart(6)} KB  ${file.encoding.padEnd(8)} ${file.url}`).join('\n')}\n`,
        );
      }
    }
    process.stdout.write(`\nFirst visit, JavaScript on the wire (pages: ${LANDING_PAGES.length})\n${sizeTable(report)}\n\n`);
    if (report.problems.length > 0) {
      process.stderr.write(`Over budget:\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write('Every page is within budget.\n');
    }
  } finally {
    await server.stop();
  }
}
