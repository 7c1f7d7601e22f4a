import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, mailCount, uniqueTag } from './identity-helpers';

const CREDIT_PURCHASE_URL = 'https://shop.safetytraining.test/credits';

interface ReportingData {
  results: { data: { id: number; learner_name: string; course_name: string; status: string }[]; meta: { total: number } };
}

const table = (page: Page) => page.getByTestId('reporting-page').getByRole('region', { name: 'Enrolments' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const rowOf = (page: Page, learner: string, course: string) => bodyRows(page).filter({ hasText: learner }).filter({ hasText: course });
const settled = (page: Page) => listSettled(page.getByTestId('reporting-page'));

/** The visible names of a row's action buttons and links, in order. */
async function actionsOf(row: Locator): Promise<string[]> {
  const names = await row.locator('.reporting-actions').locator('a, button').allInnerTexts();
  // Each label goes on for screen readers (whose row it is): keep the visible words.
  return names.map((name) => /^(Edit|Remind|View Certificate|Re-enrol|History|View answers)/.exec(name.trim())?.[1] ?? name);
}

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { sheet, header: rows[0]!.map(String), rows: rows.slice(1) };
}

async function signInAsDemoManager(page: Page) {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
}

async function newSignedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await browser.newPage({ baseURL });
  await signInWithPassword(page, who);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test.describe('reporting (/reporting) for the demo manager', () => {
  test('the Dashboard links land on filtered views; c and s are consumed', async ({ page }) => {
    await signInAsDemoManager(page);
    const dashboard = page.getByTestId('company-dashboard');
    await dashboard.getByRole('link', { name: /View passed courses/ }).click();
    await expect(page).toHaveURL(/\/reporting\?status=passed$/);
    await settled(page);
    await expect(bodyRows(page).first()).toBeVisible();
    for (const status of await bodyRows(page).locator('.ds-pill').allInnerTexts()) expect(status.trim()).toBe('Passed');
    await expect(page.getByTestId('reporting-page').getByLabel('Status')).toHaveCount(1);

    await page.goto('/');
    const firstCourse = dashboard.locator('a[href^="/reporting?c="]').first();
    const href = (await firstCourse.getAttribute('href'))!;
    const courseId = /c=(\d+)/.exec(href)![1]!;
    await firstCourse.click();
    await expect(page).toHaveURL(new RegExp(`/reporting\\?courses=${courseId}$`));
    expect(page.url()).not.toMatch(/[?&]c=/);
    await settled(page);
    // The tile of that course is the chosen one, and the choice is remembered for the next visit.
    await expect(page.getByRole('region', { name: 'Courses' }).locator('[aria-pressed="true"]')).toHaveCount(1);
    await page.goto('/reporting');
    await expect(page).toHaveURL(new RegExp(`/reporting\\?courses=${courseId}$`));
    await page.getByRole('button', { name: 'All courses' }).click();
    await expect(page).toHaveURL(/\/reporting$/);
    await page.goto('/reporting');
    await settled(page);
    await expect(page).toHaveURL(/\/reporting$/);
  });

  test('every row action is visible without scrolling sideways at 1280 px and up; a phone reads cards with worded actions (issue 24 item 11)', async ({
    page,
  }) => {
    // Three widths, each a fresh /reporting with hovers: over 20 s alone, more beside the suite.
    test.slow();
    await signInAsDemoManager(page);
    for (const width of [1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/reporting');
      await settled(page);
      const wrap = table(page);
      const fits = await wrap.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
      }));
      expect(fits.scroll, `the table fits its card at ${width} px`).toBeLessThanOrEqual(fits.client);
      expect(fits.page).toBeLessThanOrEqual(fits.window);
      const box = (await wrap.boundingBox())!;
      const actions = wrap.locator('.reporting-actions').locator('a, button');
      expect(await actions.count()).toBeGreaterThan(0);
      for (const action of await actions.all()) {
        const at = (await action.boundingBox())!;
        expect(at.x + at.width, `${await action.getAttribute('data-tooltip')} is inside the card`).toBeLessThanOrEqual(box.x + box.width);
      }
      // The icon's words: a tooltip on hover and focus. Which actions the first rows offer depends
      // on what earlier tests did to the demo rows, so the first action stands for them all.
      const first = actions.first();
      const words = await first.getAttribute('data-tooltip');
      expect(words).toBeTruthy();
      await first.hover();
      expect(await first.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(`"${words}"`);
      await page.screenshot({ path: `${test.info().outputDir}/reporting-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const firstAction = table(page).locator('.reporting-actions').locator('a, button').first();
    const label = (await firstAction.getAttribute('data-tooltip'))!;
    await expect(firstAction).toContainText(label);
    expect(
      await firstAction.evaluate((element) => element.querySelector('.ds-icon-button__label')!.getBoundingClientRect().width),
    ).toBeGreaterThan(20);
    await page.screenshot({ path: `${test.info().outputDir}/reporting-390.png`, fullPage: true });
  });

  test('filters, search, sort and pages round-trip through the address and Back; each status offers exactly its actions', async ({
    page,
  }) => {
    await signInAsDemoManager(page);
    await page.goto('/reporting');
    const reporting = page.getByTestId('reporting-page');
    await expect(reporting.getByRole('heading', { name: 'Enrolments' })).toBeVisible();
    await settled(page);
    // Demo Construction Ltd has depots: the depot column is there.
    await expect(table(page).getByRole('columnheader', { name: 'Depot' })).toBeVisible();

    // Search reaches the address once typing pauses.
    await reporting.getByLabel('Search enrolments').fill('Lee Carter');
    await expect(page).toHaveURL(/search=Lee\+Carter/);
    await settled(page);
    await expect(rowOf(page, 'Lee Carter', 'Working at Height')).toBeVisible();

    // Actions per status (demo seed: one enrolment in each state).
    expect(await actionsOf(rowOf(page, 'Lee Carter', 'Working at Height'))).toEqual(['Edit', 'Remind']);
    // Started rows show what the learner answered (issue 20 item 5).
    expect(await actionsOf(rowOf(page, 'Lee Carter', 'Fire Safety'))).toEqual(['View answers']);
    // Passed rows also open the certificate history.
    expect(await actionsOf(rowOf(page, 'Lee Carter', 'Manual Handling'))).toEqual(['View Certificate', 'History', 'View answers']);
    await expect(rowOf(page, 'Lee Carter', 'Fire Safety').locator('.ds-pill')).toHaveText('In Progress');
    await expect(rowOf(page, 'Lee Carter', 'Manual Handling').getByRole('link', { name: /View Certificate/ })).toHaveAttribute(
      'href',
      /\/api\/enrollments\/\d+\/certificate$/,
    );

    await reporting.getByLabel('Search enrolments').fill('Priya');
    await expect(page).toHaveURL(/search=Priya/);
    await settled(page);
    expect(await actionsOf(rowOf(page, 'Priya Shah', 'Manual Handling'))).toEqual(['View answers']);
    await expect(rowOf(page, 'Priya Shah', 'Manual Handling').locator('.ds-pill')).toHaveText('Failed');
    // Passed 400 days ago on a course valid for a year: expired, so Re-enrol and a red expiry.
    expect(await actionsOf(rowOf(page, 'Priya Shah', 'Fire Safety'))).toEqual(['Re-enrol', 'History', 'View answers']);
    await expect(rowOf(page, 'Priya Shah', 'Fire Safety').locator('.reporting-expiry--due')).toBeVisible();
    // Priya has no email: the column shows her login code.
    await expect(rowOf(page, 'Priya Shah', 'Fire Safety')).toContainText('DEMOCODE1');

    // Clear the search, then sort and page.
    await reporting.getByLabel('Search enrolments').fill('');
    await expect(page).not.toHaveURL(/search=/);
    await settled(page);
    await table(page)
      .getByRole('button', { name: /^Learner/ })
      .click();
    await expect(page).toHaveURL(/order_by=learner&order_dir=asc/);
    await settled(page);
    const learnersAsc = await bodyRows(page).locator('.reporting-learner').allInnerTexts();
    expect(learnersAsc).toEqual([...learnersAsc].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await table(page)
      .getByRole('button', { name: /^Learner/ })
      .click();
    await expect(page).toHaveURL(/order_by=learner&order_dir=desc/);
    await settled(page);

    await reporting.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL(/per_page=10/);
    await settled(page);
    const pageLabel = reporting.getByText(/^Page 1 of \d+$/);
    await expect(pageLabel).toBeVisible();
    const lastPage = Number(/of (\d+)/.exec((await pageLabel.textContent())!)![1]);
    if (lastPage > 1) {
      await reporting.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(reporting.getByText(`Page 2 of ${lastPage}`)).toBeVisible();
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect(reporting.getByText(`Page 1 of ${lastPage}`)).toBeVisible();
    }

    // A filter from the panel; Back takes it away again.
    await reporting.getByRole('button', { name: 'Filters' }).click();
    await reporting.getByLabel('Status').selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
    await settled(page);
    for (const status of await bodyRows(page).locator('.ds-pill').allInnerTexts()) expect(status.trim()).toBe('Failed');
    await reporting.getByLabel('Depot').selectOption({ label: 'North Depot' });
    await expect(page).toHaveURL(/status=failed.*depot=\d+|depot=\d+.*status=failed/);
    await settled(page);
    await expect(reporting.getByText('No enrolments were found matching your request.')).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/reporting-no-match.png`, fullPage: true });
    await page.goBack();
    await expect(page).not.toHaveURL(/depot=/);
    await expect(page).toHaveURL(/status=failed/);
    await page.goBack();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page).toHaveURL(/order_by=learner&order_dir=desc/);
    await settled(page);

    // Clear filters from the empty state.
    await page.goto('/reporting?search=no+such+learner+anywhere');
    await expect(reporting.getByText('No enrolments were found matching your request.')).toBeVisible();
    await expect(reporting.getByRole('button', { name: 'Remind all' })).toBeDisabled();
    await reporting.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/reporting$/);
    await settled(page);
    await expect(bodyRows(page).first()).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/reporting.png`, fullPage: true });
  });

  test('both exports download every filtered row, read back with exceljs', async ({ page, baseURL }) => {
    await signInAsDemoManager(page);
    await page.goto('/reporting?status=passed');
    const reporting = page.getByTestId('reporting-page');
    await settled(page);
    const answer = await apiAs(page.context(), baseURL!, 'GET', '/api/reporting/enrolments?status=passed&per_page=100');
    expect(answer.status(), await answer.text()).toBe(200);
    const expected = (await answer.json()) as ReportingData;
    expect(expected.results.meta.total).toBeGreaterThan(0);

    // The export's request is held until its progress text has been seen: a quick export would
    // otherwise take the text away before the check looks.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/enrollments/exportBulk', async (route) => {
      await held;
      await route.continue();
    });
    const reportDownload = page.waitForEvent('download');
    await reporting.getByRole('button', { name: 'Export report' }).click();
    await expect(reporting.getByText('Please wait.. this may take a minute.')).toBeVisible();
    release();
    const report = await reportDownload;
    await page.unroute('**/api/enrollments/exportBulk');
    expect(report.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_report\.xlsx$/);
    const reportFile = `${test.info().outputDir}/report.xlsx`;
    await report.saveAs(reportFile);
    const sheet = await readSheet(reportFile);
    expect(sheet.header.slice(0, 6)).toEqual(['Learner', 'Email', 'Login code', 'Depot', 'Course', 'Status']);
    expect(sheet.rows).toHaveLength(expected.results.meta.total);
    const pairs = sheet.rows.map((row) => `${String(row[0])} / ${String(row[4])}`).sort();
    expect(pairs).toEqual(expected.results.data.map((row) => `${row.learner_name} / ${row.course_name}`).sort());
    const enrolledColumn = sheet.header.indexOf('Enrolled');
    const passedColumn = sheet.header.indexOf('Passed');
    for (const row of sheet.rows) {
      expect(row[enrolledColumn]).toBeInstanceOf(Date);
      expect(row[passedColumn]).toBeInstanceOf(Date);
    }

    const codesDownload = page.waitForEvent('download');
    await reporting.getByRole('button', { name: 'Export login codes' }).click();
    const codes = await codesDownload;
    expect(codes.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_login_codes\.xlsx$/);
    const codesFile = `${test.info().outputDir}/login_codes.xlsx`;
    await codes.saveAs(codesFile);
    const codeSheet = await readSheet(codesFile);
    expect(codeSheet.header).toEqual(expect.arrayContaining(['Learner', 'Login code']));
    expect(codeSheet.rows.map((row) => String(row[codeSheet.header.indexOf('Login code')]))).toEqual(expect.arrayContaining(['DEMOCODE1']));

    // A passed row opens the learner's certificate history of the course (renewals and their states).
    await bodyRows(page)
      .first()
      .getByRole('button', { name: /^History/ })
      .click();
    const history = page.getByRole('dialog', { name: 'Certificate history' });
    await expect(history.getByTestId('certificate-history').locator('li').first()).toContainText(/Valid|Expired|Superseded|Revoked/);
    await expect(history.getByRole('link', { name: /^Verify/ }).first()).toHaveAttribute('href', /^\/verify\?code=/);
    await history.getByRole('button', { name: /close/i }).click();
    await expect(history).toBeHidden();

    // 'All certificates': one zip named by the date, a PDF for each certificate of the rows.
    const zipDownload = page.waitForEvent('download');
    await reporting.getByRole('button', { name: 'All certificates' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}\.zip$/);
    const zipFile = `${test.info().outputDir}/certificates.zip`;
    await zip.saveAs(zipFile);
    const entries = Object.entries(unzipSync(readFileSync(zipFile)));
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, bytes] of entries) {
      expect(name).toMatch(/\.pdf$/);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
  });
});

test.describe('reporting actions on a fresh company', () => {
  test('remind one and all, edit, delete with refund, re-enrol without and with credit', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const managerEmail = `reporting-${tag}@e2e.test`;
    const catalogue = (await (await apiAs(page.context(), baseURL!, 'GET', '/api/courses?per_page=50&sortBy=name')).json()) as {
      data: { id: number; name: string; credit_cost: number }[];
    };
    const course = catalogue.data.find((c) => c.credit_cost > 0 && c.credit_cost <= 20)!;
    const cost = course.credit_cost;
    const created = await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Report Co ${tag}`,
      manager_name: `Rita ${tag}`,
      manager_email: managerEmail,
      credit_balance: 2 * cost,
    });
    expect(created.status()).toBe(200);
    const company = (await created.json()) as { password: string; data: { id: number } };

    const manager = await newSignedInPage(browser, baseURL!, { email: managerEmail, password: company.password });
    const mailed = { name: `Mia Mail ${tag}`, email: `mia-${tag}@e2e.test` };
    const paper = { name: `Pat Paper ${tag}` };
    const enrolled = await apiAs(manager.context(), baseURL!, 'POST', '/api/company/enroll', {
      courses: [course.id],
      newUsers: [mailed, paper],
      companyID: company.data.id,
    });
    expect(enrolled.status()).toBe(200);
    const paperCode = ((await enrolled.json()) as { data: { learner_name: string; login_code: string | null }[] }).data.find(
      (row) => row.learner_name === paper.name,
    )!.login_code!;
    // A learner whose pass expired long ago (forced by the admin, so nothing is charged).
    const renewer = `Rene Renew ${tag}`;
    const learner = await apiAs(manager.context(), baseURL!, 'POST', '/api/user', { name: renewer, company_id: company.data.id });
    expect(learner.status()).toBe(200);
    const renewerId = ((await learner.json()) as { data: { id: number } }).data.id;
    const passDate = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await apiAs(page.context(), baseURL!, 'POST', `/api/user/${renewerId}/enroll`, {
          course_id: course.id,
          force: true,
          pass_date: passDate,
        })
      ).status(),
    ).toBe(200);

    await manager.goto('/reporting');
    const reporting = manager.getByTestId('reporting-page');
    await settled(manager);
    await expect(bodyRows(manager)).toHaveCount(3);
    // No depots: no depot column and no depot filter.
    await expect(table(manager).getByRole('columnheader', { name: 'Depot' })).toHaveCount(0);
    expect(await actionsOf(rowOf(manager, mailed.name, course.name))).toEqual(['Edit', 'Remind']);
    expect(await actionsOf(rowOf(manager, renewer, course.name))).toEqual(['Re-enrol', 'History', 'View answers']);
    await expect(manager.getByTestId('header-credits')).toContainText('0');

    // Re-enrol with no credit left: the confirmation says so, links to the shop and cannot be confirmed (issue 32 item 3).
    await rowOf(manager, renewer, course.name)
      .getByRole('button', { name: /Re-enrol/ })
      .click();
    const noCredit = manager.getByRole('dialog', { name: 'Re-enrol this learner?' });
    await expect(noCredit.getByText(/You don't have enough credit for this\./)).toBeVisible();
    await expect(noCredit.getByRole('link', { name: 'Order credit here.' })).toHaveAttribute('href', CREDIT_PURCHASE_URL);
    await expect(noCredit.getByTestId('spend-confirm')).toBeDisabled();
    await noCredit.getByRole('button', { name: 'Cancel' }).click();
    await expect(noCredit).toBeHidden();

    // Remind one: a mail with a sign-in link; the row shows when.
    const before = await mailCount(manager.request, baseURL!, mailed.email);
    await rowOf(manager, mailed.name, course.name)
      .getByRole('button', { name: /Remind/ })
      .click();
    await expect(reporting.getByText('Learner has been reminded successfully.')).toBeVisible();
    await expect.poll(() => mailCount(manager.request, baseURL!, mailed.email), { timeout: 10_000 }).toBeGreaterThan(before);
    await settled(manager);
    await expect(rowOf(manager, mailed.name, course.name)).toContainText('Reminded');

    // Remind all: the learner without email comes back with the login code to hand out.
    await reporting.getByRole('button', { name: 'Remind all' }).click();
    const unmailable = manager.getByRole('dialog', { name: 'Learners without an email address' });
    await expect(unmailable).toContainText(paper.name);
    await expect(unmailable).toContainText(paperCode);
    await manager.screenshot({ path: `${test.info().outputDir}/reporting-remind-all.png`, fullPage: true });
    await unmailable.getByRole('button', { name: 'Done' }).click();

    // Edit: rename, back on /reporting with the new name.
    await rowOf(manager, paper.name, course.name).getByRole('link', { name: /Edit/ }).click();
    await expect(manager).toHaveURL(/\/enrolments\/\d+\/edit$/);
    const edit = manager.getByTestId('edit-enrolment');
    await expect(edit.getByText(/only available if the employee has not started/)).toBeVisible();
    const renamed = `Pat Renamed ${tag}`;
    await edit.getByLabel('Name').fill(renamed);
    await manager.screenshot({ path: `${test.info().outputDir}/edit-enrolment.png`, fullPage: true });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(manager).toHaveURL(/\/reporting$/);
    await expect(reporting.getByText('Enrolment updated successfully.')).toBeVisible();
    await settled(manager);
    await expect(rowOf(manager, renamed, course.name)).toBeVisible();

    // Delete with refund: the credits come back to the header.
    await rowOf(manager, renamed, course.name).getByRole('link', { name: /Edit/ }).click();
    await edit.getByRole('button', { name: 'Delete enrolment' }).click();
    const confirm = manager.getByRole('dialog', { name: 'Delete enrolment' });
    await expect(confirm).toContainText('refunded');
    await confirm.getByRole('button', { name: 'Delete and refund' }).click();
    await expect(manager).toHaveURL(/\/reporting$/);
    await expect(reporting.getByText('Enrolment deleted and its credits refunded.')).toBeVisible();
    await expect(manager.getByTestId('header-credits')).toContainText(String(cost));
    await settled(manager);
    await expect(bodyRows(manager).filter({ hasText: renamed })).toHaveCount(0);

    // Re-enrol with credit, confirmed: the old enrolment stays as history beside the new one.
    await rowOf(manager, renewer, course.name)
      .getByRole('button', { name: /Re-enrol/ })
      .click();
    await manager.getByRole('dialog', { name: 'Re-enrol this learner?' }).getByTestId('spend-confirm').click();
    await expect(reporting.getByText(`${renewer} has successfully been re-enrolled onto ${course.name}`)).toBeVisible();
    await expect(manager.getByTestId('header-credits')).toContainText('0');
    await settled(manager);
    await expect(bodyRows(manager).filter({ hasText: renewer })).toHaveCount(2);
    expect(
      (await bodyRows(manager).filter({ hasText: renewer }).locator('.ds-pill').allInnerTexts()).map((text) => text.trim()).sort(),
    ).toEqual(['Not Started', 'Passed']);
    // Renewed: the old row no longer offers Re-enrol and says why; the server refuses a second one and charges nothing (issue 24 item 1).
    const renewedRow = bodyRows(manager)
      .filter({ hasText: renewer })
      .filter({ has: manager.locator('.ds-pill', { hasText: 'Passed' }) });
    await expect(renewedRow.getByRole('button', { name: /Re-enrol/ })).toHaveCount(0);
    await expect(renewedRow.getByTestId('re-enrolled')).toHaveText(/^Re-enrolled \d\d\/\d\d\/\d{4}$/);
    const rows = (await (
      await apiAs(manager.context(), baseURL!, 'GET', `/api/reporting/enrolments?search=${encodeURIComponent(renewer)}`)
    ).json()) as { results: { data: { id: number; status: string; user_id: number; course_id: number }[] } };
    const renewed = rows.results.data.find((r) => r.status === 'passed')!;
    const again = await apiAs(manager.context(), baseURL!, 'POST', `/api/company/${company.data.id}/enroll`, {
      courses: [renewed.course_id],
      users: [renewed.user_id],
      enrollment_id: renewed.id,
    });
    expect(again.status()).toBe(422);
    expect(((await again.json()) as { message: string }).message).toMatch(/has already been re-enrolled onto .*: nothing was charged\.$/);
    await manager.reload();
    await settled(manager);
    await expect(bodyRows(manager).filter({ hasText: renewer })).toHaveCount(2);
    await expect(manager.getByTestId('header-credits')).toContainText('0');
    await manager.screenshot({ path: `${test.info().outputDir}/reporting-after-actions.png`, fullPage: true });
    await manager.close();
  });
});
