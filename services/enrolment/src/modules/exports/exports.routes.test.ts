import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXPORT_BULK_COLUMNS, exportBulk, exportLoginCodes, REPORTING_MESSAGES } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { createEnrolmentApp } from '../../app';
import { makeEnrollment } from '../../testing/factories';
import { Enrollment } from '../enrollments/enrollment.entity';
import { createEnrollingTestPlatform } from '../../testing/enrolling-platform';

const NOW = new Date('2026-06-01T10:00:00Z');
let platform: TestPlatform;
let app: ReturnType<typeof createEnrolmentApp>;
let em: Em;
const sessions = {} as Record<'manager' | 'otherManager' | 'learner', string>;
const rows: number[] = [];
let foreign: number;
let companyId: number;
let courseId: number;

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

beforeAll(async () => {
  platform = await createEnrollingTestPlatform({ now: () => NOW });
  app = createEnrolmentApp(platform);
  em = platform.orm.em.fork();
  const company = (await makeCompany(em, { name: 'Builders Ltd' })).id;
  const depot = (await makeCompany(em, { name: 'Builders East', parentId: company })).id;
  const other = (await makeCompany(em, { name: 'Other' })).id;
  const course = (await makeCourse(em, { name: 'Asbestos Awareness' })).id;
  companyId = company;
  courseId = course;
  for (let i = 0; i < 30; i++) {
    const user = await makeUser(em, { role: 'learner', companyId: i % 3 ? company : depot, name: `Learner ${String(i).padStart(2, '0')}`, email: i % 2 ? `l${i}@b.test` : null, loginCode: i % 2 ? null : `CODE${i}` });
    const passed = i % 5 === 0;
    rows.push((await makeEnrollment(em, { userId: user.id, courseId: course, companyId: i % 3 ? company : depot, status: passed ? 'passed' : 'not_started', passedAt: passed ? new Date('2026-05-01T00:00:00Z') : null, expiresAt: passed ? new Date('2027-05-01T00:00:00Z') : null, score: passed ? 90 : null, createdAt: new Date('2026-04-01T09:00:00Z') })).id);
  }
  const outsider = await makeUser(em, { role: 'learner', companyId: other, name: 'Out Sider', email: null, loginCode: 'OUTCODE1' });
  foreign = (await makeEnrollment(em, { userId: outsider.id, courseId: course, companyId: other })).id;
  sessions.manager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: company })).id);
  sessions.otherManager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: other })).id);
  sessions.learner = await makeSession(em, (await makeUser(em, { role: 'learner', companyId: company })).id);
});
afterAll(() => platform.close());

describe('exports', () => {
  it('exportBulk streams every requested row with a header, frozen panes and real dates, named {dd-mm-yyyy}_report.xlsx', async () => {
    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, { body: { ids: rows } });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="01-06-2026_report.xlsx"');
    const sheet = await workbookOf(response);
    expect(sheet.getRow(1).values).toEqual([undefined, ...EXPORT_BULK_COLUMNS]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(rows.length + 1);
    const names = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      names.add(String(row.getCell(1).value));
      expect(row.getCell(7).value).toBeInstanceOf(Date);
    });
    expect(names.size).toBe(30);
    const passed = sheet.getRow(2);
    expect(passed.getCell(6).value).toBe('Passed');
    expect(passed.getCell(10).value).toEqual(new Date('2026-05-01T00:00:00Z'));
    expect(passed.getCell(12).value).toBe(90);
    // Learner 00: a login code and no email, in the depot.
    expect([1, 2, 3, 4, 5].map((c) => passed.getCell(c).value ?? '')).toEqual(['Learner 00', '', 'CODE0', 'Builders East', 'Asbestos Awareness']);
    expect([2, 3, 4].map((c) => sheet.getRow(3).getCell(c).value ?? '')).toEqual(['l1@b.test', '', 'Builders Ltd']);
    expect(sheet.getColumn(1).width).toBe(28);
    expect(passed.getCell(10).numFmt).toBe('dd/mm/yyyy');
  });

  it('exportBulk writes every row once and in the order asked when the export spans several read steps (5,000 rows a step)', async () => {
    const learners: number[] = [];
    for (let i = 0; i < 3; i++) learners.push((await makeUser(em, { role: 'learner', companyId, name: `Bulk ${i}`, email: `bulk${i}@b.test` })).id);
    // Each enrolment its own enrolment date, one minute apart: the date column says which row it is.
    const base = Date.UTC(2025, 0, 1);
    const made = Array.from({ length: 5_100 }, (_, i) => ({ userId: learners[i % 3]!, courseId, companyId, status: 'not_started' as const, createdAt: new Date(base + i * 60_000), updatedAt: new Date(base + i * 60_000) }));
    const ids: number[] = [];
    for (let i = 0; i < made.length; i += 500) {
      await em.insertMany(Enrollment, made.slice(i, i + 500));
    }
    const found = await em.getKnex()('enrollments').select('id').whereIn('user_id', learners).orderBy('id');
    ids.push(...found.map((r: { id: number }) => Number(r.id)));
    expect(ids).toHaveLength(5_100);
    const created = new Map(ids.map((id, i) => [id, base + i * 60_000]));
    const asked = [...ids].reverse();
    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, { body: { ids: asked } });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const sheet = await workbookOf(response);
    expect(sheet.rowCount).toBe(asked.length + 1);
    const written: number[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const enrolled = row.getCell(7).value;
      expect(enrolled).toBeInstanceOf(Date);
      written.push((enrolled as Date).getTime());
    });
    expect(written).toEqual(asked.map((id) => created.get(id)));
  });

  it('exportLoginCodes lists the learners with login codes, named {dd-mm-yyyy}_login_codes.xlsx', async () => {
    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportLoginCodes, { body: { ids: rows } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="01-06-2026_login_codes.xlsx"');
    const sheet = await workbookOf(response);
    expect(sheet.rowCount).toBe(16);
    expect(String(sheet.getRow(2).getCell(2).value)).toMatch(/^CODE/);
  });

  it('answers the spec’s messages when there is nothing to export', async () => {
    const none = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, { body: { ids: [] } });
    expect(none.status).toBe(422);
    expect(((await none.json()) as { message: string }).message).toBe(REPORTING_MESSAGES.noReport);
    const withEmail = rows.filter((_, i) => i % 2);
    const noCodes = await new TestClient(app, { sessionToken: sessions.manager }).call(exportLoginCodes, { body: { ids: withEmail } });
    expect(noCodes.status).toBe(422);
    expect(((await noCodes.json()) as { message: string }).message).toBe(REPORTING_MESSAGES.noLoginCodes);
  });

  it('refuses ids of another company (403), unknown ids (404), another company’s manager and a learner', async () => {
    const manager = new TestClient(app, { sessionToken: sessions.manager });
    expect((await manager.call(exportBulk, { body: { ids: [...rows, foreign] } })).status).toBe(403);
    expect((await manager.call(exportLoginCodes, { body: { ids: [foreign] } })).status).toBe(403);
    expect((await manager.call(exportBulk, { body: { ids: [999_999] } })).status).toBe(404);
    expect((await new TestClient(app, { sessionToken: sessions.otherManager }).call(exportBulk, { body: { ids: rows } })).status).toBe(403);
    expect((await new TestClient(app, { sessionToken: sessions.learner }).call(exportLoginCodes, { body: { ids: rows } })).status).toBe(403);
  });
});
