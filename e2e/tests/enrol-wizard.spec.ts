import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { listSettled } from '../support/lists';
import { DEMO, signInWithPassword } from '../support/personas';

const SCORM = resolve(import.meta.dirname, '../../../shared/fixtures/scorm');
const XLSX = resolve(import.meta.dirname, '../../../shared/fixtures/xlsx');
// Screenshots of each step: always written beside the test's other output, so they can be looked at.
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const NOT_ENOUGH = 'You do not have enough credits for this enrollment';

async function xsrfHeader(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

/** An admin (in their own browser context) adds a course; returns its id. */
async function createCourseAsAdmin(browser: Browser, name: string, creditCost: number) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const created = await admin.request.post('/api/courses', {
    headers: await xsrfHeader(admin),
    multipart: {
      name,
      'category_ids[]': '16',
      validity_period: '2',
      credit_cost: String(creditCost),
      file: { name: 'golf.zip', mimeType: 'application/zip', buffer: readFileSync(`${SCORM}/RuntimeBasicCalls_SCORM12.zip`) },
    },
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  await context.close();
  return id;
}

/** The signed-in manager puts the course in the company's selection (a toggle flips it, so only when it is out). */
async function selectCourse(page: Page, id: number) {
  const listed = (await (await page.request.get('/api/courses?per_page=100')).json()) as { selected?: { id: number }[] };
  if (listed.selected?.some((c) => c.id === id)) return;
  const toggled = await page.request.post(`/api/courses/${id}/toggle`, { headers: await xsrfHeader(page) });
  expect(toggled.status()).toBe(200);
}

async function signInAsManager(page: Page) {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
}

const credits = (text: string | null) => Number(/-?\d+/.exec(text ?? '')?.[0]);

/** Step 1 starts with the company's selection ticked: untick it all, then tick only this course. */
async function chooseOnly(wizard: Locator, courseName: string) {
  await expect(wizard.getByTestId('enrol-course').first()).toBeVisible();
  const untick = wizard.getByRole('button', { name: 'Untick all' });
  if (await untick.isVisible()) await untick.click();
  await expect(wizard.getByText(/^0 of \d+ courses? chosen\.$/)).toBeVisible();
  await wizard.getByLabel('Search courses').fill(courseName);
  await wizard.getByRole('checkbox', { name: courseName }).check();
}

test.describe('enrol employees', () => {
  test('the wizard: a course, an existing, a new and a bulk-uploaded employee, the existing-learner modal, then finalise', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const courseName = `Wizard course ${stamp}`;
    const courseId = await createCourseAsAdmin(browser, courseName, 1);
    await signInAsManager(page);
    await selectCourse(page, courseId);

    await page.goto('/enrolments/create/v2');
    const wizard = page.getByTestId('enrol-wizard');
    await expect(wizard.getByRole('heading', { name: 'Enrol Employees', level: 1 })).toBeVisible();
    // Step 1: every course on offer, the company's selection (this course too) ticked; then only this one, searched.
    await expect(wizard.getByRole('checkbox', { name: courseName })).toBeChecked();
    await wizard.getByRole('button', { name: 'Untick all' }).click();
    await expect(wizard.getByRole('button', { name: /Step 2: Add Employees/ })).toBeDisabled();
    await expect(wizard.getByRole('button', { name: /Step 3: Finalise Enrollment/ })).toBeDisabled();
    await chooseOnly(wizard, courseName);
    await expect(wizard.getByTestId('enrol-course')).toHaveCount(1);
    await expect(wizard.getByRole('button', { name: /Step 2: Add Employees/ })).toBeEnabled();
    await expect(wizard.getByRole('button', { name: /Step 3: Finalise Enrollment/ })).toBeDisabled();
    await shot(page, 'wizard-1-courses');
    await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();

    // Step 2: recent learners list, then an existing employee found by name.
    await expect(wizard.getByTestId('enrol-step-2')).toBeVisible();
    await listSettled(wizard);
    await expect(wizard.getByRole('table', { name: 'Recent learners' }).getByRole('row').nth(1)).toBeVisible();
    await wizard.getByRole('tab', { name: 'Existing employees' }).click();
    await wizard.getByLabel('Search employees').fill('Lee Car');
    await listSettled(wizard);
    await wizard.getByRole('button', { name: 'Add Lee Carter' }).click();
    await expect(wizard.getByTestId('chosen-employees')).toContainText('Lee Carter');
    await expect(wizard.getByRole('button', { name: /Step 3: Finalise Enrollment/ })).toBeEnabled();

    // A new employee: the name is required; the email is optional.
    await wizard.getByRole('tab', { name: 'New employee' }).click();
    await wizard.getByRole('button', { name: 'Add employee', exact: true }).click();
    await expect(wizard.getByText('Name is required')).toBeVisible();
    const newName = `Nia New ${stamp}`;
    await wizard.getByLabel('Name', { exact: true }).fill(newName);
    await wizard.getByLabel('Email (optional)').fill(`nia.${stamp}@example.test`);
    await wizard.getByRole('button', { name: 'Add employee', exact: true }).click();
    await expect(wizard.getByTestId('chosen-employees')).toContainText(newName);

    // An email one of the company's learners already has: 'Whoops! this learner already exists'.
    await wizard.getByLabel('Name', { exact: true }).fill('Lee Again');
    await wizard.getByLabel('Email (optional)').fill(DEMO.learner.email);
    await wizard.getByRole('button', { name: 'Add employee', exact: true }).click();
    const whoops = page.getByRole('dialog', { name: 'Whoops! this learner already exists' });
    await expect(whoops).toBeVisible();
    await expect(whoops).toContainText(DEMO.learner.name);
    await expect(whoops).toContainText('one learner per email');
    await shot(page, 'wizard-2-existing-learner');
    await whoops.getByRole('button', { name: 'Add new account with blank email' }).click();
    await expect(whoops).toHaveCount(0);
    await expect(wizard.getByText(/sign in with a login code/)).toBeVisible();
    await expect(wizard.getByTestId('chosen-employees')).toContainText('Lee Again');

    // Bulk upload: a real third-party spreadsheet (Name, Email and an extra column).
    await wizard.getByRole('tab', { name: 'Bulk upload' }).click();
    await wizard.getByLabel('Choose a spreadsheet').setInputFiles(`${XLSX}/fast-excel_test104.xlsx`);
    const rows = wizard.getByRole('table', { name: 'Spreadsheet rows' });
    await expect(rows.getByRole('row')).toHaveCount(4);
    for (const name of ['joe', 'boo', 'foo']) await expect(rows.getByRole('cell', { name, exact: true })).toBeVisible();
    await shot(page, 'wizard-2-bulk-review');
    // Removing a row asks first.
    await rows.getByRole('button', { name: /^Remove row \d+ \(foo\)$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this row?' });
    await expect(confirm).toContainText('Are you sure you want to remove this user?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(rows.getByRole('row')).toHaveCount(3);
    await expect(rows.getByRole('cell', { name: 'foo', exact: true })).toHaveCount(0);

    // Not a spreadsheet: the server's 400 text is shown, the reviewed rows stay.
    await wizard.getByLabel('Choose a spreadsheet').setInputFiles({
      name: 'people.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('not a spreadsheet'),
    });
    await expect(wizard.getByTestId('bulk-upload').getByRole('alert')).toBeVisible();
    await expect(rows.getByRole('row')).toHaveCount(3);

    // Step 3: courses × learners (Lee, Nia, Lee Again, joe, boo) at 1 credit each.
    await wizard.getByRole('button', { name: 'Next: Finalise Enrollment' }).click();
    await expect(wizard.getByTestId('enrol-step-3')).toBeVisible();
    const table = wizard.getByRole('table', { name: 'Courses and learners' });
    await expect(table.getByRole('columnheader', { name: courseName })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(wizard.getByTestId('enrol-cost-total')).toHaveText('5 credits');
    const before = credits(await wizard.getByTestId('enrol-balance-before').textContent());
    await expect(wizard.getByTestId('enrol-balance-after')).toHaveText(`${before - 5} credits`);
    await shot(page, 'wizard-3-finalise');

    // Leaving with learners chosen: the 'Outstanding Enrollments' modal offers to finalise.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Enrolments' }).click();
    const outstanding = page.getByRole('dialog', { name: 'Outstanding Enrollments' });
    await expect(outstanding).toBeVisible();
    await outstanding.getByRole('button', { name: 'Finalise Enrollment' }).click();
    await expect(page).toHaveURL(/\/enrolments\/create\/v2$/);
    await expect(wizard.getByTestId('enrol-step-3')).toBeVisible();

    await wizard.getByRole('button', { name: 'Finalise Enrollment', exact: true }).click();
    const summary = wizard.getByTestId('enrolment-summary');
    await expect(summary).toBeVisible();
    await expect(summary.getByTestId('summary-attempted')).toHaveText('5');
    await expect(summary.getByTestId('summary-successful')).toHaveText('5');
    await expect(summary.getByTestId('summary-failed')).toHaveText('0');
    await expect(summary.getByRole('link', { name: 'View enrolments' })).toHaveAttribute('href', '/reporting');
    // The selections cleared and the wizard is back on step 1; the header's balance was fetched again.
    await expect(wizard.getByTestId('enrol-step-1')).toBeVisible();
    await expect(wizard.getByRole('button', { name: /Step 2: Add Employees/ })).toBeDisabled();
    await expect(page.getByTestId('header-credits')).toContainText(String(before - 5));
    await shot(page, 'wizard-4-summary');

    // Enrolling the same learners again charges nobody twice: each is reported as failed.
    await chooseOnly(wizard, courseName);
    await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();
    await wizard.getByRole('tab', { name: 'Existing employees' }).click();
    await wizard.getByLabel('Search employees').fill('Lee Car');
    await listSettled(wizard);
    await expect(wizard.getByRole('row').filter({ hasText: 'Lee Carter' })).toContainText(courseName);
    await wizard.getByRole('button', { name: 'Add Lee Carter' }).click();
    await wizard.getByRole('button', { name: 'Next: Finalise Enrollment' }).click();
    await expect(wizard.getByRole('table', { name: 'Courses and learners' })).toContainText('Already enrolled');
    // Issue 24 item 3: the cost is what will be charged (nothing), the skipped learner is named,
    // and the empty finalise is refused with a clear message.
    await expect(wizard.getByTestId('enrol-cost-total')).toHaveText('0 credits');
    await expect(wizard.getByTestId('enrol-skipped')).toHaveText(`Lee Carter: ${courseName}`);
    await expect(wizard.getByTestId('enrol-nothing-to-enrol')).toBeVisible();
    await shot(page, 'wizard-5-nothing-to-enrol');
    const refused = wizard.getByRole('button', { name: 'Finalise Enrollment', exact: true });
    await expect(refused).toHaveAttribute('aria-disabled', 'true');
    // Playwright will not click a button marked disabled: send the click anyway, and nothing happens.
    await refused.dispatchEvent('click');
    await expect(wizard.getByTestId('enrol-step-3')).toBeVisible();
    await expect(page.getByTestId('header-credits')).toContainText(String(before - 5));
  });

  test('on a phone (360 px) the four ways to add employees are all in sight and reachable (issue 24 item 12)', async ({
    page,
    browser,
  }) => {
    const courseName = `Phone course ${Date.now()}`;
    const courseId = await createCourseAsAdmin(browser, courseName, 1);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsManager(page);
    await selectCourse(page, courseId);
    await page.goto('/enrolments/create/v2');
    const wizard = page.getByTestId('enrol-wizard');
    await chooseOnly(wizard, courseName);
    await shot(page, 'phone-1-courses');
    await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();
    await expect(wizard.getByRole('tab')).toHaveCount(4);
    for (const name of ['Recent learners', 'Existing employees', 'New employee', 'Bulk upload']) {
      const tab = wizard.getByRole('tab', { name });
      const box = (await tab.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(360);
      // The whole label shows, not cut off.
      expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await wizard.getByRole('tab', { name: 'Recent learners' }).click();
    await shot(page, 'phone-2-employees');
  });

  test('says there are not enough credits next to the pointer and refuses to finalise', async ({ page, browser }) => {
    const courseName = `Costly course ${Date.now()}`;
    const courseId = await createCourseAsAdmin(browser, courseName, 10_000);
    await signInAsManager(page);
    await selectCourse(page, courseId);

    await page.goto('/enrolments/create/v2');
    const wizard = page.getByTestId('enrol-wizard');
    await chooseOnly(wizard, courseName);
    await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();
    await wizard.getByRole('tab', { name: 'Existing employees' }).click();
    await wizard.getByLabel('Search employees').fill('Priya');
    await listSettled(wizard);
    await wizard.getByRole('button', { name: 'Add Priya Shah' }).click();
    await wizard.getByRole('button', { name: 'Next: Finalise Enrollment' }).click();

    await expect(wizard.getByTestId('enrol-cost-total')).toHaveText('10000 credits');
    await expect(wizard.getByTestId('enrol-balance-after')).toHaveText(/^-\d+ credits$/);
    const finalise = wizard.getByRole('button', { name: 'Finalise Enrollment', exact: true });
    await expect(finalise).toHaveAttribute('aria-disabled', 'true');
    await expect(finalise).toHaveAccessibleDescription(NOT_ENOUGH);
    await finalise.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(NOT_ENOUGH);
    // It sits by the pointer (hover puts it at the button's centre); near the window's edge the
    // tooltip is kept inside the window, so measure from the pointer to the tooltip's box.
    const box = (await finalise.boundingBox())!;
    const tip = (await tooltip.boundingBox())!;
    const pointer = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(Math.max(tip.x - pointer.x, 0, pointer.x - (tip.x + tip.width))).toBeLessThan(40);
    expect(Math.max(tip.y - pointer.y, 0, pointer.y - (tip.y + tip.height))).toBeLessThan(40);
    await shot(page, 'wizard-3-not-enough-credits');

    const enrolCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/company/enroll')) enrolCalls.push(request.url());
    });
    await finalise.click({ force: true });
    await expect(wizard.getByTestId('enrol-step-3')).toBeVisible();
    expect(enrolCalls).toEqual([]);
  });

  test('the older Enroll page answers each learner’s name, course, login code and enrolment code', async ({ page, browser }) => {
    const courseName = `Older page course ${Date.now()}`;
    const courseId = await createCourseAsAdmin(browser, courseName, 1);
    await signInAsManager(page);
    await selectCourse(page, courseId);

    await page.goto('/enrolments/create');
    const enrol = page.getByTestId('enrol-page');
    await expect(enrol.getByRole('heading', { name: 'Enrol Employees', level: 1 })).toBeVisible();
    await expect(enrol.getByRole('button', { name: 'Enrol', exact: true })).toBeDisabled();
    await enrol.getByLabel('Search courses').fill(courseName);
    await enrol.getByRole('checkbox', { name: courseName }).check();
    await enrol.getByLabel('Search employees by name or email').fill('Priya');
    await listSettled(enrol);
    await enrol.getByRole('button', { name: 'Add Priya Shah' }).click();
    await shot(page, 'older-enrol-chosen');
    await enrol.getByRole('button', { name: 'Enrol', exact: true }).click();
    // Spending asks first (issue 32 item 3): the cost and the balance after, then Confirm.
    const confirmation = page.getByRole('dialog', { name: 'Enrol these employees?' });
    await expect(confirmation.getByTestId('spend-credits')).toHaveText('1 credit');
    await shot(page, 'older-enrol-confirm');
    await confirmation.getByRole('button', { name: 'Enrol (1 credit)' }).click();

    const made = enrol.getByRole('table', { name: 'Enrolments made' });
    await expect(made).toBeVisible();
    const row = made.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText(DEMO.codeLearner.name);
    await expect(row.getByRole('cell').nth(1)).toHaveText(courseName);
    await expect(row.getByRole('cell').nth(2)).toHaveText(DEMO.codeLearner.loginCode);
    await expect(row.getByRole('cell').nth(3)).not.toBeEmpty();
    await expect(enrol.getByRole('link', { name: 'View enrolments' })).toHaveAttribute('href', '/reporting');
    await shot(page, 'older-enrol-done');
  });
});
