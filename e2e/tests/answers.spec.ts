import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, createCompanyWithManager, uniqueTag } from './identity-helpers';

/**
 * What a learner answered (issue 20 item 5), on the seeded demo: Priya Shah failed Manual Handling
 * (SCORM 1.2) in one attempt and came back for a second, and passed Fire Safety (SCORM 2004).
 */

interface ReportingData {
  results: { data: { id: number; user_id: number; learner_name: string; course_name: string }[] };
}

const rowOf = (page: Page, learner: string, course: string) =>
  page
    .getByTestId('reporting-page')
    .getByRole('region', { name: 'Enrolments' })
    .locator('tbody tr')
    .filter({ hasText: learner })
    .filter({ hasText: course });

/** Priya's enrolments as the demo manager's /reporting lists them. */
async function priyasEnrolments(page: Page, baseURL: string) {
  const response = await apiAs(page.context(), baseURL, 'GET', '/api/reporting/enrolments?search=Priya');
  expect(response.status()).toBe(200);
  const rows = ((await response.json()) as ReportingData).results.data;
  const of = (course: string) => rows.find((r) => r.course_name.includes(course))!;
  return { manualHandling: of('Manual Handling'), fireSafety: of('Fire Safety') };
}

/** The same, found by the demo manager on a page of their own (the admin's /reporting is another company's). */
async function priyasEnrolmentsAsManager(browser: Browser, baseURL: string) {
  const manager = await browser.newPage({ baseURL });
  await signInWithPassword(manager, DEMO.manager);
  await expect(manager.getByTestId('company-dashboard')).toBeVisible();
  const found = await priyasEnrolments(manager, baseURL);
  await manager.close();
  return found;
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage: false });
}

test.describe('what a learner answered', () => {
  test("the demo manager opens a row's answers on /reporting: attempts newest first, objectives and each answer", async ({ page }) => {
    await signInWithPassword(page, DEMO.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    await page.goto('/reporting?search=Priya');
    await listSettled(page.getByTestId('reporting-page'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(rowOf(page, 'Priya Shah', 'Manual Handling')).toBeVisible();
    await screenshot(page, 'reporting-row-actions-1366');
    await rowOf(page, 'Priya Shah', 'Manual Handling')
      .getByRole('button', { name: /View answers/ })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Answers: Priya Shah' });
    await expect(dialog.getByTestId('answers-attempt')).toHaveCount(2);
    const [latest, first] = [dialog.getByTestId('answers-attempt').nth(0), dialog.getByTestId('answers-attempt').nth(1)];
    await expect(latest.locator('summary')).toContainText('Attempt 2 (latest)');
    await expect(latest.getByTestId('answer')).toHaveCount(1);
    // The older attempt is folded until asked for.
    await expect(first.getByTestId('answer').first()).toBeHidden();
    await first.locator('summary').click();
    await expect(first.locator('summary')).toContainText('Failed · Score 40%');
    await expect(first.getByTestId('objective')).toContainText('manual_handling_quiz');
    await expect(first.getByTestId('answer')).toHaveCount(5);
    const wrong = first.getByTestId('answer').filter({ hasText: 'q2_tile_l' });
    await expect(wrong.locator('.answers-result')).toHaveText('Incorrect');
    await expect(wrong.getByRole('definition').first()).toHaveText('d');
    await expect(wrong).toContainText('Correct answer');
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, 'answers-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    // Cards, not a wide table: nothing runs past the phone's width.
    const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'answers-390');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test("the admin opens a learner's answers from their enrolments", async ({ page, browser, baseURL }) => {
    // Two sign-ins (the demo manager finds the enrolment first).
    test.slow();
    const { fireSafety } = await priyasEnrolmentsAsManager(browser, baseURL!);
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/admin/users/${fireSafety.user_id}`);
    const enrolments = page.getByTestId('user-enrolments');
    await enrolments.getByRole('button', { name: 'View answers of Fire Safety' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answers: Priya Shah' });
    const answers = dialog.getByTestId('answer');
    await expect(answers).toHaveCount(4);
    await expect(answers.nth(2)).toContainText('Which extinguisher is suitable for a fire in electrical equipment?');
    await expect(answers.nth(3).locator('.answers-result')).toHaveText('0.4');
    await expect(dialog.getByTestId('objective')).toHaveCount(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-answers-390');
  });

  test("another company's manager gets nothing", async ({ page, browser, baseURL }) => {
    // Two sign-ins (the demo manager finds the enrolment first).
    test.slow();
    const { manualHandling } = await priyasEnrolmentsAsManager(browser, baseURL!);
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    const outsider = await createCompanyWithManager(page, baseURL!, `Elsewhere ${uniqueTag()}`);
    await signInWithPassword(page, outsider);
    await expect(page).not.toHaveURL(/\/login/);
    const refused = await apiAs(page.context(), baseURL!, 'GET', `/api/reporting/enrolments/${manualHandling.id}/answers`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain('q2_tile_l');
  });

  test('a learner gets nothing, not even their own answers', async ({ page, browser, baseURL }) => {
    // Two sign-ins (the demo manager finds the enrolment first).
    test.slow();
    const { manualHandling } = await priyasEnrolmentsAsManager(browser, baseURL!);
    await signInWithCode(page, DEMO.codeLearner.loginCode);
    await expect(page).not.toHaveURL(/\/login/);
    // Learners see their results, not the answer key.
    expect((await apiAs(page.context(), baseURL!, 'GET', `/api/reporting/enrolments/${manualHandling.id}/answers`)).status()).toBe(403);
  });

  test('the Bulk export carries an Answers sheet, one row per interaction, with real dates', async ({ page, baseURL }) => {
    await signInWithPassword(page, DEMO.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    const { manualHandling, fireSafety } = await priyasEnrolments(page, baseURL!);
    const response = await apiAs(page.context(), baseURL!, 'POST', '/api/enrollments/exportBulk', {
      ids: [manualHandling.id, fireSafety.id],
    });
    expect(response.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.body()) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Report', 'Answers']);
    const sheet = workbook.getWorksheet('Answers')!;
    // Manual Handling: five answers in attempt 1, one in attempt 2; Fire Safety: four.
    expect(sheet.rowCount).toBe(1 + 6 + 4);
    const row = sheet.getRow(2);
    expect([row.getCell(1).value, row.getCell(6).value, row.getCell(9).value]).toEqual(['Priya Shah', 1, 'q1_first_step']);
    expect(row.getCell(17).value).toBeInstanceOf(Date);
    expect(row.getCell(17).numFmt).toBe('dd/mm/yyyy hh:mm');
  });
});
