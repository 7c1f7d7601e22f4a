import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { courseContent } from '../support/course-frame';
import { callOk, seedCompany, uniqueTag } from '../support/seed';

/**
 * Issue 4, item 7: each shared SCORM fixture played to its end in Chromium by a learner, quiz
 * answered, and the enrolment then passed with the right score (over the API and on the
 * dashboard card). Every test uploads its package as a new course, enrols a new learner of the
 * file's own company (forced, so no credits move) and deletes both afterwards: the demo figures
 * other specs count meanwhile stay as they were.
 */
const SCORM = resolve(import.meta.dirname, '../../../shared/fixtures/scorm');
const VALIDITY_YEARS = 3;
/** How the portal prints a date (contracts' formatDate). */
const formatDate = (value: string | Date) => new Date(value).toLocaleDateString('en-GB', { timeZone: 'UTC' });

/** The Golf Explained single-SCO courses' pages (shared/launchpage.html's pageArray), quiz last. */
const GOLF_PAGES = [
  'Playing/Playing.html',
  'Playing/Par.html',
  'Playing/Scoring.html',
  'Playing/OtherScoring.html',
  'Playing/RulesOfGolf.html',
  'Etiquette/Course.html',
  'Etiquette/Distracting.html',
  'Etiquette/Play.html',
  'Handicapping/Overview.html',
  'Handicapping/CalculatingHandicap.html',
  'Handicapping/CalculatingScore.html',
  'Handicapping/Example.html',
  'HavingFun/HowToHaveFun.html',
  'HavingFun/MakeFriends.html',
  'shared/assessmenttemplate.html?questions=Playing&questions=Etiquette&questions=Handicapping&questions=HavingFun',
];

interface LearnSummary {
  enrollment: {
    id: number;
    status: string;
    score: number | null;
    passed_at: string | null;
    expired_at: string | null;
    certificate_code: string | null;
  };
  course: { name: string };
  finish_url: string;
}

let admin: BrowserContext;
let baseURL: string;
/** A company of this file's own: its learners play the fixtures while other specs read the demo company's rows. */
let companyId: number;
const created: { courses: number[]; users: number[] } = { courses: [], users: [] };

const adminCall = (method: string, path: string, init: Parameters<typeof callOk>[4] = {}) => callOk(admin, baseURL, method, path, init);

/** Admin uploads the package as a new course, adds a learner to the file's own company and force-enrols them. */
async function enrolNewLearnerOn(fixture: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const courseName = `${fixture.replace(/\.zip$/, '')} ${tag}`;
  const course = (await adminCall('POST', '/api/courses', {
    multipart: {
      name: courseName,
      'category_ids[]': '1',
      validity_period: String(VALIDITY_YEARS),
      credit_cost: '1',
      file: { name: fixture, mimeType: 'application/zip', buffer: readFileSync(`${SCORM}/${fixture}`) },
    },
  })) as { data: { id: number } };
  created.courses.push(course.data.id);
  const loginCode = `PF-${tag}`;
  const user = (await adminCall('POST', '/api/user', {
    data: { name: `Fay Fixture${tag}`, login_code: loginCode, company_id: companyId },
  })) as { data: { id: number } };
  created.users.push(user.data.id);
  const enrolment = (await adminCall('POST', `/api/user/${user.data.id}/enroll`, { data: { course_id: course.data.id, force: true } })) as {
    data: { id: number; status: string };
  };
  expect(enrolment.data.status).toBe('not_started');
  return { courseName, loginCode, enrolmentId: enrolment.data.id };
}

/** The learner signs in, starts the course from the dashboard card (confirming the name) and lands in the player. */
async function startCourse(page: Page, loginCode: string, courseName: string, enrolmentId: number) {
  await signInWithCode(page, loginCode);
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  await expect(card).toHaveAttribute('data-state', 'not-started');
  await card.getByRole('button', { name: /Start Course/ }).click();
  await page.getByRole('dialog', { name: 'Confirm your name' }).getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${enrolmentId}$`));
}

/** Dialogs from the content: a resume question is answered yes; any alert (the content's SCORM errors) is kept to fail on. */
function watchDialogs(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() !== 'confirm') alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return alerts;
}

/** Until the SCO now in the frame has called (LMS)Initialize on the player's runtime. */
async function waitForScoSession(page: Page, version: '1.2' | '2004') {
  await expect
    .poll(
      () =>
        page.evaluate((v) => {
          const api = (window as unknown as Record<string, { isInitialized?: () => boolean } | undefined>)[
            v === '1.2' ? 'API' : 'API_1484_11'
          ];
          return api?.isInitialized?.() ?? false;
        }, version),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Ticks the right answer of every question of the content's Knowledge Check (the content marks it .correctAnswer), then submits. */
async function answerQuiz(quiz: FrameLocator): Promise<number> {
  await expect(quiz.getByRole('heading', { name: 'Knowledge Check' })).toBeVisible();
  const questions = await quiz.locator('.question').count();
  expect(questions).toBeGreaterThan(0);
  let answered = 0;
  for (const radio of await quiz.locator('.question .correctAnswer input[type=radio]').all()) {
    await radio.check();
    answered++;
  }
  for (const numeric of await quiz.locator('.question .correctAnswer:has(input[type=text])').all()) {
    const value = /\((-?\d+)\)\s*$/.exec(await numeric.innerText())?.[1];
    expect(value, `the numeric answer shown in "${await numeric.innerText()}"`).toBeDefined();
    await numeric.locator('input[type=text]').fill(value!);
    answered++;
  }
  expect(answered).toBe(questions);
  await quiz.getByRole('button', { name: 'Submit Answers' }).click();
  return questions;
}

/** Plays a Golf Explained single-SCO course: all 15 pages, the quiz answered right, then the content's Exit. */
async function playGolfCourse(page: Page, version: '1.2' | '2004') {
  const sco = courseContent(page);
  const contentFrame = sco.locator('#contentFrame');
  const content = sco.frameLocator('#contentFrame');
  await waitForScoSession(page, version);
  // A single-SCO package gets no player navigation: the content steers itself.
  await expect(page.getByTestId('sco-position')).toHaveCount(0);
  await expect(contentFrame).toHaveAttribute('src', `../${GOLF_PAGES[0]}`);
  await expect(content.locator('h1')).toBeVisible();
  await expect(sco.locator('#butPrevious')).toBeDisabled();
  for (let at = 1; at < GOLF_PAGES.length; at++) {
    await sco.locator('#butNext').click();
    await expect(contentFrame).toHaveAttribute('src', `../${GOLF_PAGES[at]}`);
    await expect(content.locator('h1')).toBeVisible();
  }
  await expect(sco.locator('#butNext')).toBeDisabled();
  await answerQuiz(content);
  await expect(content.getByRole('heading', { name: 'Score: 100' })).toBeVisible();
  await expect(content.getByText('Incorrect')).toHaveCount(0);
  await page.screenshot({ path: `${test.info().outputDir}/quiz-result.png` });
  await sco.locator('#butExit').click();
}

/** The enrolment as the learner's API sees it once the final commit is in. */
async function learnSummary(page: Page, enrolmentId: number): Promise<LearnSummary> {
  const response = await page.request.get(`/api/learn/${enrolmentId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LearnSummary;
}

/** Passed over the API with this score, dated today, expiring after the course's validity; and the same on the dashboard card. */
async function expectPassed(page: Page, enrolmentId: number, courseName: string, score: number | null) {
  // Read at once: the player waits for every final commit before it leaves, so the server has it.
  const summary = await learnSummary(page, enrolmentId);
  expect(summary.course.name).toBe(courseName);
  expect(summary.enrollment.status).toBe('passed');
  expect(summary.enrollment.score).toBe(score);
  expect(summary.enrollment.certificate_code).toBeTruthy();
  const passedAt = new Date(summary.enrollment.passed_at!);
  expect(Math.abs(Date.now() - passedAt.getTime())).toBeLessThan(10 * 60_000);
  const expiresAt = new Date(summary.enrollment.expired_at!);
  const expected = new Date(passedAt);
  expected.setUTCFullYear(expected.getUTCFullYear() + VALIDITY_YEARS);
  expect(formatDate(expiresAt)).toBe(formatDate(expected));

  await page.goto('/');
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  await expect(card).toHaveAttribute('data-state', 'passed');
  await expect(card.getByText('Passed', { exact: true }).first()).toBeVisible();
  await expect(card.locator('dt', { hasText: 'Passed' }).locator('+ dd')).toHaveText(formatDate(passedAt));
  await expect(card.locator('dt', { hasText: 'Expires' }).locator('+ dd')).toHaveText(formatDate(expiresAt));
  // The certificate is fetched (GET /api/enrollments/{id}/certificate) and saved under the server's name.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Download certificate/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(card.getByRole('button', { name: /Start Course/ })).toHaveCount(0);
  await card.screenshot({ path: `${test.info().outputDir}/passed-card.png` });
}

test.describe('playing the shared SCORM fixtures to their end', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL!;
    admin = await browser.newContext({ baseURL });
    const page = await admin.newPage();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    await page.close();
    companyId = (await seedCompany(admin, baseURL, { name: `Fixture Co ${uniqueTag()}` })).id;
  });

  test.afterEach(async () => {
    // Deleting the course takes its enrolment with it; the forced enrolment spent no credits.
    for (const id of created.courses.splice(0)) await adminCall('DELETE', `/api/courses/${id}`);
    for (const id of created.users.splice(0)) await adminCall('DELETE', `/api/user/${id}`);
  });

  test.afterAll(async () => {
    await admin?.close();
  });

  test('RuntimeBasicCalls_SCORM12: 15 pages and the quiz all right → passed with 100', async ({ page }) => {
    test.setTimeout(120_000);
    const alerts = watchDialogs(page);
    const { courseName, loginCode, enrolmentId } = await enrolNewLearnerOn('RuntimeBasicCalls_SCORM12.zip');
    await startCourse(page, loginCode, courseName, enrolmentId);
    await playGolfCourse(page, '1.2');
    // The content's Exit ends the session; the player leaves for the finish URL (no bridging: the dashboard).
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expectPassed(page, enrolmentId, courseName, 100);
    expect(alerts).toEqual([]);
  });

  test('RuntimeBasicCalls_SCORM20043rdEdition: 15 pages, the quiz all right, exitAll → passed with 100', async ({ page }) => {
    test.setTimeout(120_000);
    const alerts = watchDialogs(page);
    const { courseName, loginCode, enrolmentId } = await enrolNewLearnerOn('RuntimeBasicCalls_SCORM20043rdEdition.zip');
    await startCourse(page, loginCode, courseName, enrolmentId);
    await playGolfCourse(page, '2004');
    // adl.nav.request=exitAll takes the content away: back on the dashboard.
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expectPassed(page, enrolmentId, courseName, 100);
    expect(alerts).toEqual([]);
  });

  test('RuntimeMinimumCalls_SCORM12-mini: nine SCOs through the player’s Next and Finish course → passed', async ({ page }) => {
    test.setTimeout(120_000);
    const alerts = watchDialogs(page);
    const { courseName, loginCode, enrolmentId } = await enrolNewLearnerOn('RuntimeMinimumCalls_SCORM12-mini.zip');
    await startCourse(page, loginCode, courseName, enrolmentId);
    const player = page.getByTestId('scorm-player');
    const position = page.getByTestId('sco-position');
    const sco = courseContent(page);
    const count = 9;
    for (let at = 1; at <= count; at++) {
      await expect(position).toContainText(`(${at} of ${count})`);
      await expect(player).toHaveAttribute('data-sco-index', String(at - 1));
      await expect(sco.locator('h1')).toBeVisible();
      await waitForScoSession(page, '1.2');
      // The two Knowledge Check SCOs: answered (this package reports no score, so none is kept).
      if ((await sco.getByRole('heading', { name: 'Knowledge Check' }).count()) > 0) await answerQuiz(sco);
      if (at === 1) await expect(player.getByRole('button', { name: 'Previous' })).toBeDisabled();
      if (at < count) await player.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect(player.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await player.getByRole('button', { name: 'Finish course' }).click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    // Every SCO finished without setting a status, so each counts as completed and the course as passed.
    await expectPassed(page, enrolmentId, courseName, null);
    expect(alerts).toEqual([]);
  });
});
