import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXPORT_ANSWERS_COLUMNS, EXPORT_BULK_COLUMNS, exportBulk, exportLoginCodes, REPORTING_MESSAGES } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { Enrolment } from '../enrolments/enrolment.entity';
import { ScoState, ScormAttempt } from '../player/scorm.entity';
import { epochMs, excelDate } from './export-rows';
import { recordAnsweredAttempt } from '../player/answered-attempt';

const NOW = new Date('2026-06-01T10:00:00Z');
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
const sessions = {} as Record<'manager' | 'otherManager' | 'learner', string>;
const rows: number[] = [];
let foreign: number;
let companyId: number;
let courseId: number;

async function workbookOf(response: Response, sheet = 0) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[sheet]!;
}

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  const company = (await world.identity.company({ name: 'Builders Ltd' })).id;
  const depot = (await world.identity.company({ name: 'Builders East', parentId: company })).id;
  const other = (await world.identity.company({ name: 'Other' })).id;
  const course = (await world.catalogue.course({ name: 'Asbestos Awareness' })).id;
  companyId = company;
  courseId = course;
  for (let i = 0; i < 30; i++) {
    const user = await world.identity.user({
      role: 'learner',
      companyId: i % 3 ? company : depot,
      name: `Learner ${String(i).padStart(2, '0')}`,
      email: i % 2 ? `l${i}@b.test` : null,
      loginCode: i % 2 ? null : `CODE${i}`,
    });
    const passed = i % 5 === 0;
    rows.push(
      (
        await makeEnrolment(em, {
          userId: user.id,
          courseId: course,
          companyId: i % 3 ? company : depot,
          status: passed ? 'passed' : 'not_started',
          passedAt: passed ? new Date('2026-05-01T00:00:00Z') : null,
          expiresAt: passed ? new Date('2027-05-01T00:00:00Z') : null,
          score: passed ? 90 : null,
          createdAt: new Date('2026-04-01T09:00:00Z'),
        })
      ).id,
    );
  }
  const outsider = await world.identity.user({ role: 'learner', companyId: other, name: 'Out Sider', email: null, loginCode: 'OUTCODE1' });
  foreign = (await makeEnrolment(em, { userId: outsider.id, courseId: course, companyId: other })).id;
  sessions.manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: company })).id);
  sessions.otherManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: other })).id);
  sessions.learner = await world.identity.signIn((await world.identity.user({ role: 'learner', companyId: company })).id);
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
    expect([1, 2, 3, 4, 5].map((c) => passed.getCell(c).value ?? '')).toEqual([
      'Learner 00',
      '',
      'CODE0',
      'Builders East',
      'Asbestos Awareness',
    ]);
    expect([2, 3, 4].map((c) => sheet.getRow(3).getCell(c).value ?? '')).toEqual(['l1@b.test', '', 'Builders Ltd']);
    expect(sheet.getColumn(1).width).toBe(28);
    expect(passed.getCell(10).numFmt).toBe('dd/mm/yyyy');
  });

  it('exportBulk writes every row once and in the order asked when the export spans several read steps (5,000 rows a step)', async () => {
    const learners: number[] = [];
    for (let i = 0; i < 3; i++)
      learners.push((await world.identity.user({ role: 'learner', companyId, name: `Bulk ${i}`, email: `bulk${i}@b.test` })).id);
    // Each enrolment its own enrolment date, one minute apart: the date column says which row it is.
    const base = Date.UTC(2025, 0, 1);
    const made = Array.from({ length: 5_100 }, (_, i) => ({
      userId: learners[i % 3]!,
      courseId,
      companyId,
      status: 'not_started' as const,
      createdAt: new Date(base + i * 60_000),
      updatedAt: new Date(base + i * 60_000),
    }));
    const ids: number[] = [];
    for (let i = 0; i < made.length; i += 500) {
      await em.insertMany(Enrolment, made.slice(i, i + 500));
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

  it('exportBulk fills first launched, last activity and the SCORM times from the attempts and SCO states', async () => {
    const learner = await world.identity.user({ role: 'learner', companyId, name: 'Scorm Learner', email: 'scorm@b.test' });
    const at = (iso: string) => new Date(iso);
    const enrolment = await makeEnrolment(em, {
      userId: learner.id,
      courseId,
      companyId,
      status: 'in_progress',
      startedAt: at('2026-05-02T08:00:00Z'),
      createdAt: at('2026-05-01T08:00:00Z'),
    });
    await em.nativeUpdate(Enrolment, { id: enrolment.id }, { updatedAt: at('2026-05-03T09:00:00Z') });
    // Two attempts: the first launch is the earlier start, the last save the later commit.
    const first = em.create(ScormAttempt, {
      enrolmentId: enrolment.id,
      userId: learner.id,
      tokenHash: 'a'.repeat(64),
      startedAt: at('2026-05-02T09:00:00Z'),
      lastCommitAt: at('2026-05-02T09:30:00Z'),
    });
    const second = em.create(ScormAttempt, {
      enrolmentId: enrolment.id,
      userId: learner.id,
      tokenHash: 'b'.repeat(64),
      startedAt: at('2026-05-03T09:00:00Z'),
      lastCommitAt: at('2026-05-03T10:15:30Z'),
    });
    await em.flush();
    em.create(ScoState, {
      enrolmentId: enrolment.id,
      scoIdentifier: 'sco-1',
      attemptId: first.id,
      seq: 1,
      progress: 'incomplete',
      totalSeconds: 1500,
    });
    em.create(ScoState, {
      enrolmentId: enrolment.id,
      scoIdentifier: 'sco-2',
      attemptId: second.id,
      seq: 1,
      progress: 'incomplete',
      totalSeconds: 2161,
    });
    await em.flush();
    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, {
      body: { ids: [enrolment.id, rows[1]!] },
    });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const sheet = await workbookOf(response);
    const row = sheet.getRow(2);
    expect([1, 2, 6].map((c) => row.getCell(c).value)).toEqual(['Scorm Learner', 'scorm@b.test', 'In Progress']);
    expect(row.getCell(7).value).toEqual(at('2026-05-01T08:00:00Z'));
    expect(row.getCell(8).value).toEqual(at('2026-05-02T09:00:00Z'));
    expect(row.getCell(9).value).toEqual(at('2026-05-03T09:00:00Z'));
    expect(row.getCell(10).value).toBeNull();
    // 1500 + 2161 seconds; first launch to last save: 1 day 1:15:30.
    expect([13, 14].map((c) => row.getCell(c).value)).toEqual(['1:01:01', '25:15:30']);
    // A row that never started: no launch, no activity, no times.
    expect([8, 9, 13, 14].map((c) => sheet.getRow(3).getCell(c).value)).toEqual([null, null, null, null]);
  });

  it('exportBulk adds an Answers sheet: one row per interaction, in the order asked, attempts numbered, responses as words, real dates (issue 20 item 5)', async () => {
    const learner = await world.identity.user({ role: 'learner', companyId, name: 'Quiz Taker', email: 'quiz@b.test' });
    const at = (iso: string) => new Date(iso);
    const answered = await makeEnrolment(em, {
      userId: learner.id,
      courseId,
      companyId,
      status: 'failed',
      createdAt: at('2026-05-01T08:00:00Z'),
    });
    await recordAnsweredAttempt(em, {
      enrolmentId: answered.id,
      userId: learner.id,
      scoIdentifier: 'quiz',
      startedAt: at('2026-05-02T09:00:00Z'),
      finishedAt: at('2026-05-02T09:30:00Z'),
      lessonStatus: 'failed',
      interactions: [
        {
          id: 'q1',
          type: 'choice',
          description: 'Which extinguisher for electrical fires?',
          learnerResponse: 'water',
          correctResponses: ['carbon_dioxide'],
          result: 'incorrect',
          weighting: '1',
          latency: 'PT12S',
          timestamp: '2026-05-02T09:05:00',
        },
        {
          id: 'q2',
          type: 'sequencing',
          learnerResponse: 'a[,]b',
          correctResponses: ['a[,]b', 'b[,]a'],
          result: 'correct',
          latency: '0000:01:30.00',
          timestamp: '09:06:00',
        },
      ],
    });
    await recordAnsweredAttempt(em, {
      enrolmentId: answered.id,
      userId: learner.id,
      scoIdentifier: 'quiz',
      startedAt: at('2026-05-03T09:00:00Z'),
      finishedAt: at('2026-05-03T09:10:00Z'),
      lessonStatus: 'failed',
      interactions: [{ id: 'q1', learnerResponse: 'co2', result: 'wrong' }],
    });

    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, {
      body: { ids: [rows[0]!, answered.id] },
    });
    expect(response.status).toBe(200);
    const sheet = await workbookOf(response, 1);
    expect(sheet.name).toBe('Answers');
    expect(sheet.getRow(1).values).toEqual([undefined, ...EXPORT_ANSWERS_COLUMNS]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(4);
    const values = (n: number) => EXPORT_ANSWERS_COLUMNS.map((_, c) => sheet.getRow(n).getCell(c + 1).value ?? '');
    expect(values(2)).toEqual([
      'Quiz Taker',
      'quiz@b.test',
      '',
      'Builders Ltd',
      'Asbestos Awareness',
      1,
      at('2026-05-02T09:00:00Z'),
      'quiz',
      'q1',
      'Which extinguisher for electrical fires?',
      'choice',
      'water',
      'carbon_dioxide',
      'Incorrect',
      '1',
      12,
      at('2026-05-02T09:05:00Z'),
    ]);
    // 1.2's time of day has no date: the row is dated when the portal stored it (spread over the attempt here).
    expect(values(3).slice(8)).toEqual(['q2', '', 'sequencing', 'a, b', 'a, b or b, a', 'Correct', '', 90, at('2026-05-02T09:20:00Z')]);
    expect(values(4).slice(5, 9)).toEqual([2, at('2026-05-03T09:00:00Z'), 'quiz', 'q1']);
    expect(values(4)[13]).toBe('Incorrect');
    expect(sheet.getRow(2).getCell(17).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getRow(2).getCell(7).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('exportBulk keeps the Answers sheet, headed and empty, when nobody answered anything', async () => {
    const response = await new TestClient(app, { sessionToken: sessions.manager }).call(exportBulk, { body: { ids: rows.slice(0, 3) } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => [w.name, w.rowCount])).toEqual([
      ['Report', 4],
      ['Answers', 1],
    ]);
  });

  it('reads dates as each database answers them, and writes them as Excel serial days', () => {
    expect(epochMs('2024-02-29 12:34:56.789')).toBe(Date.UTC(2024, 1, 29, 12, 34, 56, 789));
    expect(epochMs('1999-12-31 23:59:59')).toBe(Date.UTC(1999, 11, 31, 23, 59, 59));
    expect(epochMs('2026-05-01T10:00:00Z')).toBe(Date.UTC(2026, 4, 1, 10));
    expect(epochMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(epochMs('1700000000000')).toBe(1_700_000_000_000);
    expect(epochMs(null)).toBeNull();
    expect(excelDate(Date.UTC(1970, 0, 1))).toBe(25569);
    expect(excelDate(Date.UTC(2026, 0, 1, 12))).toBe(46023.5);
    expect(excelDate(null)).toBeUndefined();
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
    expect((await new TestClient(app, { sessionToken: sessions.learner }).call(exportLoginCodes, { body: { ids: rows } })).status).toBe(
      403,
    );
  });
});
