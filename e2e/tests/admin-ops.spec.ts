import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, createCompanyWithManager, uniqueTag } from './identity-helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// As contracts/src/routes/system-reports.ts and settings.ts declare them (e2e does not import workspace sources).
const REPORT_TITLES = {
  'total-certificates': 'Total Certificates Issued',
  'total-enrollments': 'Total Enrollments',
  'total-enrollments-by-company': 'Enrollments by Company',
  'total-enrollments-by-course': 'Enrollments by Course',
  'credit-usage': 'Credit Usage',
  'course-usage': 'Course Usage',
  'company-analytics': 'Company Analytics',
  'user-activity': 'User Activity',
} as const;
type ReportType = keyof typeof REPORT_TITLES;
const REPORT_TYPES = Object.keys(REPORT_TITLES) as ReportType[];
interface Report {
  columns: { key: string; label: string }[];
  rows: Record<string, unknown>[];
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function reportJson(page: Page, baseURL: string, type: ReportType, body: Record<string, unknown>): Promise<Report> {
  const response = await apiAs(page.context(), baseURL, 'POST', `/api/reports/${type}`, body);
  expect(response.status()).toBe(200);
  return (await response.json()) as Report;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test.describe('System Reports', () => {
  test('each of the eight reports downloads through POST and GET and reads back with the rows of the data', async ({ page, baseURL }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    // A company made now, so the date range holds it: the company filter must find it and its credits.
    const company = await createCompanyWithManager(page, baseURL!, `Reports Co ${uniqueTag()}`);
    const range = { start_date: daysAgo(30), end_date: today() };

    await page.goto('/admin?tab=reports');
    const panel = page.getByTestId('reports-panel');
    await expect(panel.getByRole('heading', { name: 'System Reports' })).toBeVisible();
    await expect(panel.getByLabel('Start date')).toHaveValue(range.start_date);
    await expect(panel.getByLabel('End date')).toHaveValue(range.end_date);
    await expect(panel.getByLabel('User activity: role').locator('option')).toHaveText([
      'Everyone',
      'Learners',
      'Managers',
      'Administrators',
    ]);

    for (const type of REPORT_TYPES) {
      const expected = await reportJson(page, baseURL!, type, range);
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: `Generate ${REPORT_TITLES[type]}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${type}_${range.start_date}_${range.end_date}.xlsx`);
      const file = `${test.info().outputDir}/${type}.xlsx`;
      await download.saveAs(file);
      const posted = await sheetRows(readFileSync(file));
      expect(posted[0], type).toEqual(expected.columns.map((c) => c.label));
      expect(posted.length - 1, type).toBe(expected.rows.length);
      await expect(panel.getByText('Report downloaded successfully!')).toBeVisible();

      const got = await page.request.get(`/api/reports/${type}?startDate=${range.start_date}&endDate=${range.end_date}`, {
        headers: { Accept: XLSX },
      });
      expect(got.status()).toBe(200);
      expect(got.headers()['content-disposition']).toContain(`${type}_${range.start_date}_${range.end_date}.xlsx`);
      expect(await sheetRows(await got.body()), type).toEqual(posted);
    }

    // The data behind the counts: the new company, alone under its filter, with its opening credits.
    const analytics = await reportJson(page, baseURL!, 'company-analytics', { ...range, company_id: company.companyId });
    expect(analytics.rows).toEqual([
      expect.objectContaining({ company: expect.stringMatching(/^Reports Co /), learners: 0, enrollments: 0, credit_balance: 3 }),
    ]);
    const filtered = await page.request.get(
      `/api/reports/company-analytics?startDate=${range.start_date}&endDate=${range.end_date}&companyId=${company.companyId}`,
      { headers: { Accept: XLSX } },
    );
    const filteredRows = await sheetRows(await filtered.body());
    expect(filteredRows).toHaveLength(2);
    expect(filteredRows[1]).toContain(3);
  });

  test('shows a report as a chart and a table, and keeps Generate off while the dates are out of order', async ({ page }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin?tab=reports');
    const panel = page.getByTestId('reports-panel');
    await panel.getByLabel('Start date').fill('2020-01-01');
    await panel.getByRole('button', { name: 'View Enrollments by Course' }).click();
    const view = page.getByTestId('report-view');
    await expect(view.getByRole('heading', { name: /Enrollments by Course/ })).toBeVisible();
    await expect(view.getByRole('img', { name: 'Enrollments by Course chart' })).toBeVisible();
    await expect(view.locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('reports-view.png'), fullPage: true });

    await panel.getByLabel('Start date').fill('2030-01-02');
    await panel.getByLabel('End date').fill('2030-01-01');
    await expect(panel.getByTestId('report-disabled-reason')).toContainText('The start date must be on or before the end date.');
    for (const type of REPORT_TYPES) await expect(panel.getByRole('button', { name: `Generate ${REPORT_TITLES[type]}` })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('reports-disabled.png'), fullPage: true });
  });

  test('a learner or a manager calling a report route is refused', async ({ browser, baseURL }) => {
    for (const who of [DEMO.learner, DEMO.manager]) {
      const page = await browser.newPage({ baseURL: baseURL! });
      await signInWithPassword(page, who);
      await expect(page).not.toHaveURL(/\/login/);
      expect((await page.request.get('/api/reports/total-enrollments', { headers: { Accept: XLSX } })).status()).toBe(403);
      expect((await apiAs(page.context(), baseURL!, 'POST', '/api/reports/credit-usage', {})).status()).toBe(403);
      await page.close();
    }
  });
});

test.describe('Cron Jobs tab', () => {
  test('shows the queue, the failed jobs and the schedule', async ({ page }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/admin?tab=jobs');
    await expect(page.getByRole('tab', { name: /Cron Jobs/ })).toBeVisible();
    const panel = page.getByTestId('jobs-panel');
    await listSettled(panel);
    await expect(panel.getByRole('table', { name: 'Jobs' })).toBeVisible();
    await panel.getByLabel('Search jobs').fill('mail');
    await expect(page).toHaveURL(/search=mail/);

    await panel.getByRole('button', { name: 'Failed jobs' }).click();
    await expect(page).toHaveURL(/view=failed/);
    await listSettled(panel);
    await expect(panel.getByRole('table', { name: 'Failed jobs' })).toBeVisible();

    await panel.getByRole('button', { name: 'Scheduled tasks' }).click();
    const schedule = page.getByTestId('jobs-schedule');
    await expect(schedule.getByText('identity.remove-expired-sessions')).toBeVisible();
    await expect(schedule.getByRole('row', { name: /identity.remove-expired-sessions/ })).toContainText('UTC');
    await page.screenshot({ path: test.info().outputPath('jobs-schedule.png'), fullPage: true });
  });

  test('a job that ran a moment ago is listed as finished and its details open (issue 24 item 17)', async ({ page }) => {
    // A password-reset mail: a mail.send job the worker runs within a second.
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const asked = await page.request.post('/password/email', {
      data: { email: DEMO.learner.email },
      headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' },
    });
    expect(asked.ok()).toBe(true);
    const finished = async () => {
      const list = (await (await page.request.get('/api/admin/jobs?search=mail.send')).json()) as { data: { id: number; state: string }[] };
      return list.data.find((job) => job.state === 'finished')?.id ?? null;
    };
    await expect.poll(finished).not.toBeNull();
    const id = (await finished())!;

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin?tab=jobs&search=mail.send');
      const panel = page.getByTestId('jobs-panel');
      await listSettled(panel);
      // Newest first: on a desktop the job's row, on a phone (rows become cards) the first card that ran.
      const opener =
        width > 700
          ? panel
              .getByRole('row')
              .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) })
              .getByRole('button', { name: 'mail.send' })
          : panel.getByRole('button', { name: 'mail.send' }).first();
      await opener.click();
      const details = page.getByRole('dialog', { name: /^Job \d+: mail\.send$/ });
      await expect(details.getByTestId('job-details')).toContainText('finished');
      await expect(details.getByTestId('job-details')).toContainText('Finished at');
      await page.screenshot({ path: test.info().outputPath(`job-details-${width}.png`) });
      await page.keyboard.press('Escape');
    }
  });
});
