import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs, callOk, seedCompany, uniqueTag, type SeededCompany } from '../support/seed';

/**
 * Sign-in details handed out (issue 32 item 5): a manager of a company of this spec's own enrols a
 * new learner without an email in the wizard, sees the learner's login code in the summary, and
 * downloads the sign-in slips; the PDF is read outside the app (pdftotext, pdftoppm + zbarimg), and
 * the QR code's address, opened in a fresh browser, has the code filled in and signs the learner in.
 */

const work = mkdtempSync(join(tmpdir(), 'sign-in-slips-e2e-'));
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function saved(download: Download, name: string): Promise<string> {
  const file = join(work, name);
  await download.saveAs(file);
  return file;
}

let company: SeededCompany;
let courseName: string;

test.beforeAll(async ({ browser, baseURL }) => {
  const admin = await browser.newPage({ baseURL });
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  company = await seedCompany(admin.context(), baseURL!, { name: `Slip Works ${uniqueTag()}`, credits: 5 });
  await admin.close();
});

test('a new learner without an email: their code in the wizard’s summary, the slips PDF, its QR code signs them in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, company.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  // The company's own selection: the first shared course, chosen by the spec's own manager.
  const courses = (await callOk(page.context(), baseURL!, 'GET', '/api/courses?page=1')) as {
    data: { id: number; name: string; credit_cost: number }[];
  };
  const course = courses.data.find((c) => c.credit_cost <= 5)!;
  courseName = course.name;
  await callOk(page.context(), baseURL!, 'POST', `/api/courses/${course.id}/toggle`);

  await page.goto('/enrolments/create/v2');
  const wizard = page.getByTestId('enrol-wizard');
  await wizard.getByLabel('Search courses').fill(courseName);
  await wizard.getByRole('checkbox', { name: courseName }).check();
  await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();

  // A new employee with no email: they will sign in with a login code.
  const learnerName = `Zoë Łukasiewicz Ångström ${uniqueTag().slice(0, 5)}`;
  await wizard.getByRole('tab', { name: 'New employee' }).click();
  await wizard.getByLabel('Name', { exact: true }).fill(learnerName);
  await wizard.getByRole('button', { name: 'Add employee', exact: true }).click();
  await expect(wizard.getByTestId('chosen-employees')).toContainText(learnerName);
  await wizard.getByRole('button', { name: 'Next: Finalise Enrollment' }).click();
  await wizard.getByRole('button', { name: 'Finalise Enrollment', exact: true }).click();

  // The summary lists the learner with their code, and offers the downloads.
  const codes = wizard.getByTestId('new-learner-codes');
  await expect(codes).toBeVisible();
  const row = codes.getByRole('row').filter({ hasText: learnerName });
  await expect(row).toHaveCount(1);
  const loginCode = (await row.locator('code').textContent())!.trim();
  expect(loginCode).toMatch(/^[A-Z0-9]{8,10}$/);
  await expect(codes).toContainText('1 learner has no email address');

  // Full-page shots from the top, where the sticky header belongs.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'summary-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'summary-390');
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The slips: the PDF read by Debian's tools.
  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('button', { name: 'Download sign-in slips' }).click(),
  ]);
  expect(pdfDownload.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_sign_in_slips\.pdf$/);
  const pdf = await saved(pdfDownload, 'slips.pdf');
  expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(learnerName);
  expect(text).toContain(loginCode);
  expect(text).toContain(company.name);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', pdf, join(work, 'slips')]);
  const address = execFileSync('zbarimg', ['-q', '--raw', join(work, 'slips.png')], { encoding: 'utf8' }).trim();
  expect(address).toMatch(new RegExp(`^https?://[^/]+/login\\?code=${loginCode}$`));
  const portal = new URL(address).origin;
  expect(text).toContain(`${portal}/login`);

  // The codes as .xlsx, read back.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('button', { name: 'Download login codes (.xlsx)' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_login_codes\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await saved(xlsxDownload, 'codes.xlsx'));
  expect(workbook.worksheets[0]!.getRow(2).values).toEqual([undefined, learnerName, loginCode, company.name]);

  // The QR code's address in a browser that has never signed in: the code is filled in; Sign in.
  const fresh = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const learnerPage = await fresh.newPage();
  await learnerPage.goto(address);
  await expect(learnerPage.getByRole('tab', { name: 'Login code' })).toHaveAttribute('aria-selected', 'true');
  await expect(learnerPage.getByLabel('Your login code')).toHaveValue(loginCode);
  // The code leaves the address bar.
  await expect(learnerPage).toHaveURL(/\/login$/);
  await shot(learnerPage, 'login-filled-1366');
  await learnerPage.setViewportSize({ width: 390, height: 844 });
  await shot(learnerPage, 'login-filled-390');
  await learnerPage.getByRole('button', { name: 'Sign in with code' }).click();
  const dashboard = learnerPage.getByTestId('learner-dashboard');
  await expect(dashboard.getByText(new RegExp(`^Welcome( back)?, ${learnerName}$`))).toBeVisible();
  await expect(dashboard.getByTestId('course-card').filter({ hasText: courseName })).toBeVisible();
  await shot(learnerPage, 'learner-signed-in');
  await fresh.close();
});

test('another company’s manager cannot print this company’s slips', async ({ browser, baseURL }) => {
  const admin = await browser.newPage({ baseURL });
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const other = await seedCompany(admin.context(), baseURL!, { name: `Elsewhere ${uniqueTag()}` });
  await admin.close();
  const page = await browser.newPage({ baseURL });
  await signInWithPassword(page, other.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  const refused = await apiAs(page.context(), baseURL!, 'POST', `/api/company/${company.id}/sign-in-slips`, { user_ids: [1] });
  expect(refused.status()).toBe(403);
  await page.close();
});
