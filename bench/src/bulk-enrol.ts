import ExcelJS from 'exceljs';
import { pathToFileURL } from 'node:url';
import type { BulkRow } from '@portal/contracts';
import { makeCourse } from '@portal/catalogue-service/testing';
import { CreditAccount, CreditTransaction } from '@portal/enrolment-service/testing';
import { recordAloneRun, signedInManager, withBenchPortal } from './bench-portal';

export const BULK_ENROL_ROWS = 10_000;
export const BULK_ENROL_TARGET_SECONDS = 10;

export interface BulkEnrolFigure {
  rows: number;
  database: string;
  /** Upload and review (the rows back with their problems), finalise, and both together. */
  uploadSeconds: number;
  finaliseSeconds: number;
  totalSeconds: number;
  targetSeconds: number;
  enrolled: number;
  creditsSpent: number;
  /** The balance equals the sum of the company's ledger rows afterwards. */
  ledgerIntact: boolean;
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

/**
 * Issue 9's figure: a 10,000-row spreadsheet enrolled end to end through HTTP — uploaded to
 * POST /api/enrollments/bulkEnroll/{companyId}, reviewed (every row back), and finalised with
 * POST /api/company/enroll as the wizard sends it (new employees and one course) — against the
 * whole gateway on a fresh SQLite file (or DATABASE_URL), then the ledger checked against the balance.
 */
export async function benchBulkEnrol(rows = BULK_ENROL_ROWS): Promise<BulkEnrolFigure> {
  return withBenchPortal('enrol', async ({ platform, baseUrl, em, database }) => {
    const { company, headers } = await signedInManager(em, 'Bench Bulk Ltd');
    const course = await makeCourse(em, { name: 'Bench Induction', creditCost: 1 });
    await platform.enrolment.setCreditBalance(company.id, rows, 'Bench credits');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Staff list']);
    sheet.addRow([]);
    sheet.addRow(['Employee no', 'Name', 'Email', 'Department']).font = { bold: true };
    for (let i = 0; i < rows; i++) sheet.addRow([i + 1, `Bench Learner ${i + 1}`, `bench-${i + 1}@example.test`, 'Yard']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const started = performance.now();
    const form = new FormData();
    form.append('file', new File([bytes], 'staff.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    form.append('courses', String(course.id));
    const uploaded = await fetch(`${baseUrl}/api/enrollments/bulkEnroll/${company.id}`, { method: 'POST', headers, body: form });
    if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const review = (await uploaded.json()) as { data: BulkRow[]; ok: number };
    const reviewed = performance.now();
    const okRows = review.data.filter((r) => r.ok);
    const finalised = await fetch(`${baseUrl}/api/company/enroll`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        companyID: company.id,
        courses: [course.id],
        users: okRows.flatMap((r) => (r.existing_user_id ? [r.existing_user_id] : [])),
        newUsers: okRows.flatMap((r) => (r.existing_user_id ? [] : [{ name: r.Name, email: r.Email }])),
      }),
    });
    if (!finalised.ok) throw new Error(`finalise answered ${finalised.status}: ${await finalised.text()}`);
    const answer = (await finalised.json()) as { enrollment_summary: { total_successful: number } };
    const done = performance.now();

    const check = platform.orm.em.fork();
    const balance = (await check.findOne(CreditAccount, { companyId: company.id }))?.balance ?? 0;
    const ledger = (await check.find(CreditTransaction, { companyId: company.id })).reduce((sum, t) => sum + t.delta, 0);
    return {
      rows,
      database,
      uploadSeconds: seconds(reviewed - started),
      finaliseSeconds: seconds(done - reviewed),
      totalSeconds: seconds(done - started),
      targetSeconds: BULK_ENROL_TARGET_SECONDS,
      enrolled: answer.enrollment_summary.total_successful,
      creditsSpent: rows - balance,
      ledgerIntact: balance === ledger,
    };
  });
}

/** What is wrong with a figure (empty when it meets issue 9's proof). */
export function bulkEnrolProblems(figure: BulkEnrolFigure): string[] {
  const problems: string[] = [];
  if (figure.enrolled !== figure.rows) problems.push(`bulk enrolment enrolled ${figure.enrolled} of ${figure.rows} rows.`);
  if (!figure.ledgerIntact) problems.push('bulk enrolment: the balance no longer equals the sum of the ledger.');
  if (figure.totalSeconds > figure.targetSeconds)
    problems.push(`bulk enrolment took ${figure.totalSeconds} s (target ${figure.targetSeconds} s).`);
  return problems;
}

/** The line of docs/benchmarks.md. */
export function bulkEnrolMarkdown(figure: BulkEnrolFigure): string[] {
  return [
    `| bulk enrolment, end to end over HTTP (${figure.database}) | rows | upload + review s | finalise s | total s | target s | ledger equals balance |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    `| .xlsx of new employees × 1 course | ${figure.rows} | ${figure.uploadSeconds} | ${figure.finaliseSeconds} | ${figure.totalSeconds} | ${figure.targetSeconds} | ${figure.ledgerIntact ? 'yes' : 'NO'} |`,
  ];
}

/** Run alone (`npx tsx bench/bulk-enrol.ts`): measures, and writes the figure into bench-results/bench.json beside the others. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figure = await benchBulkEnrol();
  recordAloneRun('bulkEnrol', figure, bulkEnrolProblems(figure), bulkEnrolMarkdown(figure));
}
