import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { courseContent } from '../support/course-frame';
import { listSettled } from '../support/lists';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { apiAs, callOk, seedCompany, uniqueTag, type SeededCompany } from '../support/seed';

/**
 * Issue 31 item 2, "every answer is kept": a course whose driver asks cmi.interactions._count
 * before each answer (as authoring tools' drivers do) and writes the answer at that index, and
 * the same for objectives and correct responses. Ten answers over two pages of the package (the
 * second reached by location.href): the SCO shell's API must answer each count as the runtime
 * holds it now, so all ten reach View answers and the Answers sheet, on SCORM 1.2 and 2004.
 */
const FIXTURE = resolve(import.meta.dirname, '../fixtures/answer-counts');
type Version = '1.2' | '2004';

/** The package: the quiz's content with the version's manifest (e2e/fixtures/answer-counts/README.md). */
function answerCountsPackage(version: Version): Buffer {
  const files: Record<string, Uint8Array> = {
    'imsmanifest.xml': strToU8(readFileSync(join(FIXTURE, version, 'imsmanifest.xml'), 'utf8')),
  };
  for (const name of readdirSync(join(FIXTURE, 'content'))) files[name] = strToU8(readFileSync(join(FIXTURE, 'content', name), 'utf8'));
  return Buffer.from(zipSync(files));
}

/** The quiz's questions in order (content/quiz.js), the answer the learner picks, and the right one. */
const QUESTIONS = [
  ['q01_head', 'hard_hat'],
  ['q02_lift', 'bent_knees'],
  ['q03_fire', 'raise_alarm'],
  ['q04_ladder', 'three'],
  ['q05_spill', 'report_it'],
  ['q06_noise', 'ear_defenders'],
  ['q07_exit', 'nothing'],
  ['q08_cable', 'isolate_it'],
  ['q09_gloves', 'gloves'],
  ['q10_near_miss', 'report_it'],
].map(([id, answer]) => ({ id: id!, answer: answer!, picked: id === 'q04_ladder' ? 'one' : answer! }));

let admin: BrowserContext;
let baseURL: string;
let company: SeededCompany;
const created: { courses: number[]; users: number[] } = { courses: [], users: [] };

const adminCall = (method: string, path: string, init: Parameters<typeof callOk>[4] = {}) => callOk(admin, baseURL, method, path, init);

/** The version's package as a new course, a new learner of the spec's company enrolled on it (forced: no credits move). */
async function enrolOn(version: Version) {
  const tag = uniqueTag().toUpperCase();
  const courseName = `Ten answers ${version} ${tag}`;
  const course = (await adminCall('POST', '/api/courses', {
    multipart: {
      name: courseName,
      'category_ids[]': '1',
      validity_period: '1',
      credit_cost: '1',
      file: { name: 'ten-answers.zip', mimeType: 'application/zip', buffer: answerCountsPackage(version) },
    },
  })) as { data: { id: number } };
  created.courses.push(course.data.id);
  const learnerName = `Cora Count${tag}`;
  const loginCode = `AC-${tag}`;
  const user = (await adminCall('POST', '/api/user', { data: { name: learnerName, login_code: loginCode, company_id: company.id } })) as {
    data: { id: number };
  };
  created.users.push(user.data.id);
  const enrolment = (await adminCall('POST', `/api/user/${user.data.id}/enroll`, { data: { course_id: course.data.id, force: true } })) as {
    data: { id: number };
  };
  return { courseName, learnerName, loginCode, enrolmentId: enrolment.data.id };
}

/** The learner answers all ten (question 4 wrong), five on each page of the package (Continue between them), and finishes. */
async function playQuiz(page: Page) {
  const content = courseContent(page);
  for (const [at, question] of QUESTIONS.entries()) {
    await expect(content.locator('#part')).toHaveText(at < 5 ? 'Part 1 of 2' : 'Part 2 of 2');
    await expect(content.locator('#question')).toHaveText(`Question ${at + 1} of 10`);
    await content.getByRole('button', { name: question.picked.replace(/_/g, ' '), exact: true }).click();
    // The driver wrote the answer where cmi.interactions._count said: the next index every time, on both pages.
    await expect(content.locator('#recorded')).toContainText(`${at + 1}→${at} `);
    if (at === 4) {
      await expect(content.locator('#question')).toHaveText('Part 1 done');
      await content.getByRole('button', { name: 'Continue' }).click();
    }
  }
  await expect(content.locator('#result')).toHaveText('Score: 90%');
  await content.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
}

/** The spec company's manager, on a page of their own. */
async function managerPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ baseURL });
  await signInWithPassword(page, company.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  return page;
}

/** View answers on /reporting: one attempt, all ten answers in the order given, and every objective. */
async function expectViewAnswers(manager: Page, learnerName: string, courseName: string) {
  await manager.goto(`/reporting?search=${encodeURIComponent(learnerName)}`);
  const reporting = manager.getByTestId('reporting-page');
  await listSettled(reporting);
  const row = reporting
    .getByRole('region', { name: 'Enrolments' })
    .locator('tbody tr')
    .filter({ hasText: learnerName })
    .filter({ hasText: courseName });
  await row.getByRole('button', { name: /View answers/ }).click();
  const dialog = manager.getByRole('dialog', { name: `Answers: ${learnerName}` });
  await expect(dialog.getByTestId('answers-attempt')).toHaveCount(1);
  const answers = dialog.getByTestId('answer');
  await expect(answers).toHaveCount(10);
  for (const [at, question] of QUESTIONS.entries()) {
    const card = answers.nth(at);
    await expect(card.locator('.answers-card__id')).toHaveText(`${at + 1}. ${question.id}`);
    await expect(card.locator('.answers-result')).toHaveText(question.picked === question.answer ? 'Correct' : 'Incorrect');
    await expect(card.getByRole('definition').first()).toHaveText(question.picked);
  }
  // One objective per question, and the quiz's own (2004: the manifest's, seeded as objective 0).
  const objectives = dialog.getByTestId('objective');
  await expect(objectives).toHaveCount(11);
  await expect(objectives.filter({ hasText: 'quiz_mastery' })).toContainText('Passed');
  for (const question of QUESTIONS) await expect(objectives.filter({ hasText: `obj_${question.id}` })).toHaveCount(1);
  await manager.screenshot({ path: `${test.info().outputDir}/answers.png` });
}

/** The Bulk export's Answers sheet: ten rows, one per answer, in order. */
async function expectAnswersSheet(manager: Page, enrolmentId: number) {
  const response = await apiAs(manager.context(), baseURL, 'POST', '/api/enrollments/exportBulk', { ids: [enrolmentId] });
  expect(response.status()).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.body()) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Answers')!;
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
  // Interaction id, the learner's answer, the correct one and the result (columns 9, 12, 13 and 14).
  expect(rows.map((row) => [9, 12, 13, 14].map((column) => row.getCell(column).value))).toEqual(
    QUESTIONS.map((q) => [q.id, q.picked, q.answer, q.picked === q.answer ? 'Correct' : 'Incorrect']),
  );
}

test.describe('every answer is kept when the content counts with the LMS’s _count (issue 31 item 2)', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL!;
    admin = await browser.newContext({ baseURL });
    const page = await admin.newPage();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    await page.close();
    company = await seedCompany(admin, baseURL, { name: `Counting Co ${uniqueTag()}` });
  });

  test.afterAll(async () => {
    // Deleting the course takes its enrolment with it.
    for (const id of created.courses.splice(0)) await adminCall('DELETE', `/api/courses/${id}`);
    for (const id of created.users.splice(0)) await adminCall('DELETE', `/api/user/${id}`);
    await admin?.close();
  });

  for (const version of ['1.2', '2004'] as const) {
    test(`SCORM ${version}: ten answers over two pages, each at the count the runtime holds; all ten in View answers and the Answers sheet`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const enrolled = await enrolOn(version);
      await signInWithCode(page, enrolled.loginCode);
      await expect(page.getByTestId('learner-dashboard')).toBeVisible();
      await page.goto(`/learn/${enrolled.enrolmentId}`);
      await playQuiz(page);
      const summary = (await (await page.request.get(`/api/learn/${enrolled.enrolmentId}`)).json()) as {
        enrollment: { status: string; score: number | null };
      };
      expect(summary.enrollment).toMatchObject({ status: 'passed', score: 90 });
      expect(errors).toEqual([]);

      const manager = await managerPage(browser);
      await expectViewAnswers(manager, enrolled.learnerName, enrolled.courseName);
      await expectAnswersSheet(manager, enrolled.enrolmentId);
      await manager.close();
    });
  }
});
