import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPES, XLSX_CONTENT_TYPE, type Report, type ReportType, type Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { CreditAccount, CreditTransaction, makeEnrolment } from '@portal/enrolment-service/testing';
import { createReportingApp, reportingService } from '@portal/reporting-service';
import { dbTime } from '@portal/reporting-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

/** Today, for the default range: 2026-05-31 to 2026-06-30. */
const NOW = new Date('2026-06-30T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

let platform: TestPlatform;
let app: ReturnType<typeof createReportingApp>;
const sessions = {} as Record<Role, string>;
const ids = {} as Record<'acme' | 'north' | 'beta' | 'wheels' | 'banksman', number>;

async function ledger(
  em: Em,
  companyId: number,
  delta: number,
  kind: 'purchase' | 'enrolment',
  at: string,
  enrolmentId: number | null = null,
) {
  em.create(CreditTransaction, {
    companyId,
    delta,
    kind,
    balanceAfter: 0,
    actorName: 'Test',
    enrolmentId,
    createdAt: day(at),
  });
  await em.flush();
}
async function signIn(em: Em, userId: number, at: string) {
  await em.execute(
    em
      .getKnex()('sign_ins')
      .insert({ user_id: userId, method: 'password', created_at: dbTime(em, day(at)) }),
  );
}

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService, reportingService] });
  platform.now = () => NOW;
  app = createReportingApp(platform);
  const em = platform.orm.em.fork();

  const portal = (await makeCompany(em, { name: 'Portal' })).id;
  ids.acme = (await makeCompany(em, { name: 'Acme Civil' })).id;
  ids.north = (await makeCompany(em, { name: 'Acme North', parentId: ids.acme })).id;
  ids.beta = (await makeCompany(em, { name: 'Beta Ltd' })).id;
  ids.wheels = (await makeCourse(em, { name: 'Wheels', description: '' })).id;
  ids.banksman = (await makeCourse(em, { name: 'Banksman', description: '' })).id;

  const admin = await makeUser(em, { role: 'admin', companyId: portal, name: 'Ada Admin' });
  const manager = await makeUser(em, { role: 'manager', companyId: ids.acme, name: 'Mia Manager' });
  const learner = await makeUser(em, { role: 'learner', companyId: ids.acme, name: 'Al One' });
  const a2 = await makeUser(em, { role: 'learner', companyId: ids.acme, name: 'Al Two' });
  const n1 = await makeUser(em, { role: 'learner', companyId: ids.north, name: 'Nora North' });
  const b1 = await makeUser(em, { role: 'learner', companyId: ids.beta, name: 'Ben Beta' });
  sessions.admin = await makeSession(em, admin.id);
  sessions.manager = await makeSession(em, manager.id);
  sessions.learner = await makeSession(em, learner.id);

  const e1 = await makeEnrolment(em, {
    userId: learner.id,
    courseId: ids.wheels,
    companyId: ids.acme,
    status: 'passed',
    score: 90,
    startedAt: day('2026-06-01'),
    passedAt: day('2026-06-05'),
    expiresAt: day('2027-06-05'),
    certificateCode: 'C1',
    createdAt: day('2026-06-01'),
  });
  const e2 = await makeEnrolment(em, {
    userId: a2.id,
    courseId: ids.wheels,
    companyId: ids.acme,
    status: 'in_progress',
    startedAt: day('2026-06-03'),
    createdAt: day('2026-06-02'),
  });
  const e3 = await makeEnrolment(em, {
    userId: n1.id,
    courseId: ids.banksman,
    companyId: ids.north,
    status: 'passed',
    score: 70,
    startedAt: day('2026-06-11'),
    passedAt: day('2026-06-12'),
    certificateCode: 'C2',
    createdAt: day('2026-06-10'),
  });
  const e4 = await makeEnrolment(em, {
    userId: b1.id,
    courseId: ids.wheels,
    companyId: ids.beta,
    status: 'not_started',
    createdAt: day('2026-06-15'),
  });
  await makeEnrolment(em, {
    userId: b1.id,
    courseId: ids.banksman,
    companyId: ids.beta,
    status: 'passed',
    score: 60,
    passedAt: day('2026-04-10'),
    certificateCode: 'C3',
    createdAt: day('2026-04-01'),
  });
  const e6 = await makeEnrolment(em, {
    userId: learner.id,
    courseId: ids.banksman,
    companyId: ids.acme,
    status: 'failed',
    startedAt: day('2026-06-21'),
    createdAt: day('2026-06-20'),
  });

  em.create(CreditAccount, { companyId: ids.acme, balance: 17 });
  em.create(CreditAccount, { companyId: ids.beta, balance: 9 });
  await em.flush();
  await ledger(em, ids.acme, 20, 'purchase', '2026-06-01');
  await ledger(em, ids.acme, -1, 'enrolment', '2026-06-01', e1.id);
  await ledger(em, ids.acme, -1, 'enrolment', '2026-06-02', e2.id);
  await ledger(em, ids.acme, -1, 'enrolment', '2026-06-20', e6.id);
  await ledger(em, ids.north, -1, 'enrolment', '2026-06-10', e3.id);
  await ledger(em, ids.beta, 10, 'purchase', '2026-04-01');
  await ledger(em, ids.beta, -1, 'enrolment', '2026-06-15', e4.id);

  await signIn(em, learner.id, '2026-06-01');
  await signIn(em, learner.id, '2026-06-20');
  await signIn(em, manager.id, '2026-06-02');
  await signIn(em, b1.id, '2026-04-02');
});
afterAll(() => platform.close());

const client = (role?: Role) => new TestClient(app, role ? { sessionToken: sessions[role] } : {});

async function json(type: ReportType, body: Record<string, unknown> = {}): Promise<Report> {
  const response = await client('admin').request(`/api/reports/${type}`, {
    method: 'POST',
    json: body,
    headers: { Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}
const column = (report: Report, key: string) => report.rows.map((row) => row[key]);

async function readSheet(response: Response): Promise<(string | number | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: (string | number | null)[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1)));
  return rows;
}

describe('System Reports, default range (the last 30 days)', () => {
  it('total-certificates lists the certificates issued in the range, with filters', async () => {
    const report = await json('total-certificates');
    expect([report.start_date, report.end_date]).toEqual(['2026-05-31', '2026-06-30']);
    expect(column(report, 'certificate_code')).toEqual(['C1', 'C2']);
    expect(column(await json('total-certificates', { company_id: ids.acme }), 'certificate_code')).toEqual(['C1', 'C2']);
    expect(column(await json('total-certificates', { company_id: ids.beta }), 'certificate_code')).toEqual([]);
    expect(column(await json('total-certificates', { course_id: ids.wheels }), 'certificate_code')).toEqual(['C1']);
    expect(column(await json('total-certificates', { start_date: '2026-04-01', end_date: '2026-04-30' }), 'certificate_code')).toEqual([
      'C3',
    ]);
  });

  it('total-enrollments lists enrolments made in the range', async () => {
    const report = await json('total-enrollments');
    expect(report.rows).toHaveLength(5);
    expect(report.chart).toEqual(
      expect.arrayContaining([
        { label: 'Passed', value: 2 },
        { label: 'Failed', value: 1 },
      ]),
    );
    expect(await json('total-enrollments', { company_id: ids.beta })).toMatchObject({
      rows: [{ course: 'Wheels', status: 'Not started' }],
    });
  });

  it('by company and by course count each status', async () => {
    const byCompany = await json('total-enrollments-by-company');
    expect(byCompany.rows).toEqual([
      { company: 'Acme Civil', parent_company: null, enrollments: 3, not_started: 0, in_progress: 1, passed: 1, failed: 1 },
      { company: 'Acme North', parent_company: 'Acme Civil', enrollments: 1, not_started: 0, in_progress: 0, passed: 1, failed: 0 },
      { company: 'Beta Ltd', parent_company: null, enrollments: 1, not_started: 1, in_progress: 0, passed: 0, failed: 0 },
    ]);
    const byCourse = await json('total-enrollments-by-course');
    expect(byCourse.rows).toEqual([
      { course: 'Banksman', enrollments: 2, not_started: 0, in_progress: 0, passed: 1, failed: 1, pass_rate: 50 },
      { course: 'Wheels', enrollments: 3, not_started: 1, in_progress: 1, passed: 1, failed: 0, pass_rate: 33 },
    ]);
  });

  it('credit-usage sums the ledger in the range per company', async () => {
    const report = await json('credit-usage');
    expect(report.rows).toEqual([
      { company: 'Acme Civil', purchased: 20, used: 3, refunded: 0, transferred: 0, adjusted: 0, net_change: 17, balance: 17 },
      { company: 'Acme North', purchased: 0, used: 1, refunded: 0, transferred: 0, adjusted: 0, net_change: -1, balance: 0 },
      { company: 'Beta Ltd', purchased: 0, used: 1, refunded: 0, transferred: 0, adjusted: 0, net_change: -1, balance: 9 },
    ]);
    expect(column(await json('credit-usage', { course_id: ids.banksman }), 'used')).toEqual([1, 1]);
  });

  it('course-usage counts enrolments, learners, starts and passes in the range', async () => {
    expect((await json('course-usage')).rows).toEqual([
      { course: 'Banksman', enrollments: 2, learners: 2, started: 2, passed: 1, average_score: 70 },
      { course: 'Wheels', enrollments: 3, learners: 3, started: 2, passed: 1, average_score: 90 },
    ]);
  });

  it('company-analytics gives every company its learners, enrolments and credits', async () => {
    const report = await json('company-analytics');
    expect(column(report, 'company')).toEqual(['Acme Civil', 'Acme North', 'Beta Ltd', 'Portal']);
    expect(report.rows[0]).toEqual({
      company: 'Acme Civil',
      parent_company: null,
      learners: 2,
      enrollments: 3,
      passed: 1,
      pass_rate: 33,
      credits_used: 3,
      credit_balance: 17,
    });
    expect(column(await json('company-analytics', { company_id: ids.acme }), 'company')).toEqual(['Acme Civil', 'Acme North']);
  });

  it('user-activity lists the active users, filtered by role', async () => {
    const report = await json('user-activity');
    expect(column(report, 'name')).toEqual(['Al One', 'Al Two', 'Ben Beta', 'Mia Manager', 'Nora North']);
    expect(report.rows[0]).toMatchObject({ role: 'Learners', sign_ins: 2, last_sign_in: '2026-06-20', enrollments: 2, certificates: 1 });
    expect(column(await json('user-activity', { role: 'manager' }), 'name')).toEqual(['Mia Manager']);
    expect(column(await json('user-activity', { role: 'learner' }), 'name')).toHaveLength(4);
    expect((await json('user-activity', { role: 'admin' })).rows).toEqual([]);
  });
});

describe('downloads', () => {
  it.each(REPORT_TYPES)('%s: POST and GET give the same .xlsx as the JSON rows', async (type) => {
    const report = await json(type);
    const posted = await client('admin').request(`/api/reports/${type}`, {
      method: 'POST',
      json: {},
      headers: { Accept: XLSX_CONTENT_TYPE },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('Content-Type')).toBe(XLSX_CONTENT_TYPE);
    expect(posted.headers.get('Content-Disposition')).toBe(`attachment; filename="${type}_2026-05-31_2026-06-30.xlsx"`);
    const sheet = await readSheet(posted);
    expect(sheet[0]).toEqual(report.columns.map((c) => c.label));
    expect(sheet).toHaveLength(report.rows.length + 1);

    const got = await client('admin').request(`/api/reports/${type}?startDate=2026-05-31&endDate=2026-06-30`);
    expect(got.status).toBe(200);
    expect(await readSheet(got)).toEqual(sheet);
  });

  it('writes days as real date cells shown dd/mm/yyyy, not text (issue 24 item 14)', async () => {
    const report = await json('total-certificates');
    expect(report.columns.filter((c) => c.kind === 'date').map((c) => c.key)).toEqual(['passed_at', 'expires_at']);
    const response = await client('admin').request('/api/reports/total-certificates', {
      method: 'POST',
      json: {},
      headers: { Accept: XLSX_CONTENT_TYPE },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const first = workbook.worksheets[0]!.getRow(2);
    const passedColumn = report.columns.findIndex((c) => c.key === 'passed_at') + 1;
    expect(first.getCell(passedColumn).value).toEqual(new Date(`${report.rows[0]!.passed_at}T00:00:00Z`));
    expect(first.getCell(passedColumn).numFmt).toBe('dd/mm/yyyy');
  });
});

describe('refusals and bad input', () => {
  it('refuses anyone but an admin', async () => {
    expect((await client().request('/api/reports/total-enrollments')).status).toBe(401);
    for (const role of ['learner', 'manager'] as const) {
      expect((await client(role).request('/api/reports/total-enrollments')).status).toBe(403);
      expect((await client(role).request('/api/reports/credit-usage', { method: 'POST', json: {} })).status).toBe(403);
    }
  });

  it('refuses a start after the end and an unknown role; an unknown report does not exist', async () => {
    const late = await client('admin').request('/api/reports/total-enrollments', {
      method: 'POST',
      json: { start_date: '2026-06-02', end_date: '2026-06-01' },
    });
    expect(late.status).toBe(422);
    expect(((await late.json()) as { errors: Record<string, string[]> }).errors.start_date).toEqual([
      'The start date must be on or before the end date.',
    ]);
    expect((await client('admin').request('/api/reports/total-enrollments?startDate=2026-06-02&endDate=2026-06-01')).status).toBe(422);
    expect((await client('admin').request('/api/reports/everything', { method: 'POST', json: {} })).status).toBe(404);
    expect((await client('admin').request('/api/reports/user-activity?role=owner')).status).toBe(422);
  });
});
