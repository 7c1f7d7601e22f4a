import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrolmentTestWorld, type EnrolmentTestWorld } from '../../testing';
import { bulkEnrolUpload, ENROLLING_MESSAGES, wizardEnrol, type BulkRow } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { changeCredits } from '../credits/credit.repository';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { Enrolment } from '../enrolments/enrolment.entity';

/** Real third-party spreadsheets, beside the repository (../shared/fixtures). */
const FIXTURES = join(import.meta.dirname, '../../../../../../shared/fixtures/xlsx');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Review = { data: BulkRow[]; total: number; ok: number };

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let companyId: number;
let manager: string;
let courseId: number;

const upload = (bytes: Uint8Array<ArrayBuffer> | string, courses: number[] = [], name = 'learners.xlsx') => {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type: XLSX_TYPE }));
  if (courses.length) form.append('courses', courses.join(','));
  return new TestClient(app, { sessionToken: manager }).call(bulkEnrolUpload, { params: { companyId }, body: form });
};
const reviewOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as Review;
};
const refusalOf = async (response: Response) => {
  expect(response.status).toBe(400);
  return ((await response.json()) as { message: string }).message;
};

async function sheet(build: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Learners'), workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

beforeAll(async () => {
  world = await createEnrolmentTestWorld();
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  companyId = (await world.identity.company({ name: 'Uploaders Ltd' })).id;
  await changeCredits(em, { companyId, delta: 50, kind: 'purchase' });
  manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId })).id);
  courseId = (await world.catalogue.course({ name: 'Manual Handling', creditCost: 1 })).id;
});
afterAll(() => platform.close());

describe('POST /api/enrollments/bulkEnroll/{companyId}', () => {
  it('reads the real fast-excel spreadsheet (Name, Email and an extra Password column)', async () => {
    const review = await reviewOf(await upload(readFileSync(join(FIXTURES, 'fast-excel_test104.xlsx'))));
    expect(review.data.map((r) => [r.row, r.Name, r.Email, r.ok, r.problems])).toEqual([
      [2, 'joe', 'joe@gmail.com', true, []],
      [3, 'boo', 'boo@gmail.com', true, []],
      [4, 'foo', 'foo@gmail.com', true, []],
    ]);
    expect(review).toMatchObject({ total: 3, ok: 3 });
    // Nothing is spent or written by an upload.
    expect(await em.fork().count(Enrolment, { companyId })).toBe(0);
    expect(platform.sentMail).toHaveLength(0);
  });

  it('finds the headings in another row and column, in any case, through formatting, blank rows, extra columns and hyperlinks', async () => {
    const bytes = await sheet((ws) => {
      ws.getCell('A1').value = 'Staff list — Uploaders Ltd';
      ws.getCell('A1').font = { bold: true, size: 16 };
      ws.getRow(3).values = [null, 'Employee no', 'NAME', 'Department', 'E-Mail'];
      ws.getRow(3).font = { bold: true, color: { argb: 'FFFF0000' } };
      ws.getRow(3).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFF00' } };
      ws.getRow(4).values = [null, 101, 'Amy Able', 'Yard', 'amy@example.test'];
      // Row 5 blank; row 6 rich text and a mailto hyperlink; row 7 a hyperlink whose text is the address.
      ws.getRow(6).values = [
        null,
        102,
        { richText: [{ text: 'Bob ', font: { bold: true } }, { text: 'Baker' }] },
        'Office',
        { text: 'Mail Bob', hyperlink: 'mailto:bob@example.test' },
      ];
      ws.getRow(7).values = [null, 103, 'Cat Cole', 'Yard', { text: 'cat@example.test', hyperlink: 'mailto:cat@example.test' }];
      ws.getRow(8).values = [null, 104, '', 'Yard', 'noname@example.test'];
      ws.getRow(9).values = [null, 105, '  Dan   Doe ', 'Yard', null];
    });
    const review = await reviewOf(await upload(bytes));
    expect(review.data.map((r) => [r.row, r.Name, r.Email])).toEqual([
      [4, 'Amy Able', 'amy@example.test'],
      [6, 'Bob Baker', 'bob@example.test'],
      [7, 'Cat Cole', 'cat@example.test'],
      [9, 'Dan Doe', null],
    ]);
    expect(review.ok).toBe(4);
  });

  it('returns every row with its problems: a bad email, a repeat, an existing employee, already enrolled', async () => {
    const employee = await world.identity.user({ role: 'learner', companyId, name: 'Eve Employee', email: 'eve@example.test' });
    const enrolledOne = await world.identity.user({ role: 'learner', companyId, name: 'Ian Enrolled', email: 'ian@example.test' });
    await em.fork().insert(Enrolment, {
      userId: enrolledOne.id,
      courseId,
      companyId,
      status: 'not_started',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const other = world.identity.company();
    await world.identity.user({ role: 'learner', companyId: other.id, name: 'Olly Other', email: 'olly@example.test' });
    const bytes = await sheet((ws) => {
      ws.addRow(['Name', 'Email']);
      ws.addRow(['Bad Email', 'not-an-email']);
      ws.addRow(['Eve E', 'EVE@example.test']);
      ws.addRow(['Ian', 'ian@example.test']);
      ws.addRow(['Eve Again', 'eve@example.test']);
      ws.addRow(['Olly', 'olly@example.test']);
    });
    const review = await reviewOf(await upload(bytes, [courseId]));
    const byRow = new Map(review.data.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ ok: false, problems: [ENROLLING_MESSAGES.bulkBadEmail] });
    expect(byRow.get(3)).toMatchObject({
      ok: true,
      Email: 'eve@example.test',
      existing_user_id: employee.id,
      existing_user_name: 'Eve Employee',
      problems: [ENROLLING_MESSAGES.bulkExisting],
    });
    expect(byRow.get(4)).toMatchObject({
      ok: true,
      existing_user_id: enrolledOne.id,
      enrolled_course_ids: [courseId],
      problems: [ENROLLING_MESSAGES.bulkExisting, ENROLLING_MESSAGES.alreadyEnrolled],
    });
    expect(byRow.get(5)).toMatchObject({ ok: false, problems: [ENROLLING_MESSAGES.bulkDuplicate, ENROLLING_MESSAGES.bulkExisting] });
    // Another company's learner is not matched, and nothing about them is told.
    expect(byRow.get(6)).toMatchObject({ ok: true, existing_user_id: null, existing_user_name: null, problems: [] });
    expect(review).toMatchObject({ total: 5, ok: 3 });
  });

  it('refuses what is not an .xlsx, a sheet without a Name column and one without learners (400)', async () => {
    expect(await refusalOf(await upload('Name,Email\nAmy,amy@example.test\n', [], 'learners.csv'))).toBe(ENROLLING_MESSAGES.bulkNotXlsx);
    // A zip that is not a workbook.
    expect(await refusalOf(await upload(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])))).toBe(
      ENROLLING_MESSAGES.bulkNotXlsx,
    );
    const noName = await sheet((ws) => {
      ws.addRow(['Email', 'Phone']);
      ws.addRow(['amy@example.test', '0123']);
    });
    expect(await refusalOf(await upload(noName))).toBe(ENROLLING_MESSAGES.bulkNoName);
    const empty = await sheet((ws) => {
      ws.addRow(['Name', 'Email']);
      ws.addRow([null, 'nobody@example.test']);
    });
    expect(await refusalOf(await upload(empty))).toBe(ENROLLING_MESSAGES.bulkEmpty);
  });

  it('uploaded again after finalising, the same file enrols nobody twice: its finalise is refused as nothing to enrol', async () => {
    const bytes = await sheet((ws) => {
      ws.addRow(['Name', 'Email']);
      for (let i = 0; i < 5; i++) ws.addRow([`Again ${i}`, `again-${i}@example.test`]);
    });
    const finalise = async (review: Review) => {
      const rows = review.data.filter((r) => r.ok);
      const response = await new TestClient(app, { sessionToken: manager }).call(wizardEnrol, {
        body: {
          companyID: companyId,
          courses: [courseId],
          users: rows.flatMap((r) => (r.existing_user_id ? [r.existing_user_id] : [])),
          newUsers: rows.flatMap((r) => (r.existing_user_id ? [] : [{ name: r.Name, email: r.Email }])),
        },
      });
      return response;
    };
    const first = await finalise(await reviewOf(await upload(bytes, [courseId])));
    expect(first.status).toBe(200);
    expect(((await first.json()) as { enrollment_summary: unknown }).enrollment_summary).toMatchObject({
      total_successful: 5,
      total_failed: 0,
    });
    const balance = (await em.fork().findOneOrFail(CreditAccount, { companyId })).balance;

    const again = await reviewOf(await upload(bytes, [courseId]));
    expect(again.data.every((r) => r.existing_user_id !== null && r.enrolled_course_ids.includes(courseId))).toBe(true);
    // Everyone is enrolled already: the finalise is refused with a sentence, nothing spent.
    const second = await finalise(again);
    expect(second.status).toBe(422);
    expect(await second.json()).toMatchObject({ message: ENROLLING_MESSAGES.nothingToEnrol });
    expect((await em.fork().findOneOrFail(CreditAccount, { companyId })).balance).toBe(balance);
    const ledger = await em.fork().find(CreditTransaction, { companyId });
    expect(ledger.reduce((sum, t) => sum + t.delta, 0)).toBe(balance);
  });
});
