import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs, seedCompany, uniqueTag } from '../support/seed';

const SCORM = resolve(import.meta.dirname, '../../../shared/fixtures/scorm');
const shot = (name: string) =>
  process.env.CATALOGUE_SHOTS ? { path: `${process.env.CATALOGUE_SHOTS}/${name}.png`, fullPage: true } : undefined;

async function xsrfHeader(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  return { 'X-XSRF-TOKEN': decodeURIComponent(token) };
}

/** An admin (in their own browser context) adds a course over the API; returns its id. */
async function createCourseAsAdmin(browser: Browser, fields: Record<string, string>, zip = 'RuntimeBasicCalls_SCORM12.zip') {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const created = await admin.request.post('/api/courses', {
    headers: await xsrfHeader(admin),
    multipart: {
      'category_ids[]': '16',
      validity_period: '2',
      credit_cost: '1',
      ...fields,
      file: { name: 'golf.zip', mimeType: 'application/zip', buffer: readFileSync(`${SCORM}/${zip}`) },
    },
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  await context.close();
  return id;
}

test.describe('company courses', () => {
  test('browses by category, searches, selects courses and keeps one with enrolments selected', async ({ page, browser, baseURL }) => {
    const freeName = `Unenrolled course ${Date.now()}`;
    await createCourseAsAdmin(browser, { name: freeName });
    // A company of its own, with no selection yet and one learner enrolled on a demo course (the
    // demo company's selection changes meanwhile in other specs).
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const company = await seedCompany(page.context(), baseURL!, { name: `Catalogue Co ${uniqueTag()}` });
    const fireSafety = (
      (await (await apiAs(page.context(), baseURL!, 'GET', '/api/courses?search=Fire%20Safety%20Awareness')).json()) as {
        data: { id: number }[];
      }
    ).data[0]!;
    const learner = await apiAs(page.context(), baseURL!, 'POST', '/api/user', {
      name: `Cat Learner ${uniqueTag()}`,
      company_id: company.id,
    });
    expect(learner.status()).toBe(200);
    const learnerId = ((await learner.json()) as { data: { id: number } }).data.id;
    expect(
      (await apiAs(page.context(), baseURL!, 'POST', `/api/user/${learnerId}/enroll`, { course_id: fireSafety.id, force: true })).status(),
    ).toBe(200);
    await page.context().clearCookies();
    await signInWithPassword(page, company.manager);
    await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
    await expect(page).toHaveURL(/\/courses$/);
    const courses = page.getByTestId('company-courses');
    await expect(courses.getByRole('button', { name: 'All Courses' })).toHaveAttribute('aria-pressed', 'true');
    await expect(courses.getByText(/^Showing all \d+ courses\.$/)).toBeVisible();
    await expect(courses.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const s = shot('company-courses');
    if (s) await page.screenshot(s);

    await courses.getByRole('button', { name: 'Manual Handling', exact: true }).click();
    await expect(page).toHaveURL(/category_id=8/);
    await expect(courses.getByText('Showing 1 Manual Handling course.')).toBeVisible();
    await expect(courses.getByTestId('course-card')).toHaveCount(1);
    await courses.getByRole('button', { name: 'All Courses' }).click();

    // Search starts at 2 characters and ignores case.
    await courses.getByLabel('Search courses').fill('w');
    await expect(courses.getByTestId('course-card').first()).toBeVisible();
    await courses.getByLabel('Search courses').fill('WORKING AT');
    await expect(courses.getByTestId('course-card')).toHaveCount(1);
    await expect(courses.getByRole('heading', { name: 'Working at Height Basics' })).toBeVisible();
    await courses.getByLabel('Search courses').fill('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(courses.getByText(/^Showing all \d+ courses\.$/)).toBeVisible();

    await courses.getByRole('button', { name: /^Selected Courses/ }).click();
    const panel = page.getByRole('complementary', { name: 'Selected Courses' });
    await expect(panel.getByText('No courses selected yet.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Enrol Employees' })).toHaveAttribute('href', '/enrolments/create/v2');

    // Which courses the company has enrolments on decides what may leave the selection.
    const listed = (await (await page.request.get('/api/courses?per_page=100')).json()) as {
      data: { name: string; has_enrollments: boolean }[];
    };
    const free = listed.data.find((c) => c.name === freeName && !c.has_enrollments)!;
    const enrolled = listed.data.find((c) => c.has_enrollments)!;
    expect(free && enrolled).toBeTruthy();

    // Found by name: other specs add courses meanwhile, so the card may not be on the first page.
    await courses.getByLabel('Search courses').fill(free.name);
    const card = courses.getByTestId('course-card').filter({ hasText: free.name });
    await card.getByRole('button', { name: 'Select' }).click();
    await expect(card.getByRole('button', { name: 'Selected' })).toBeVisible();
    await expect(panel.getByRole('link', { name: `Edit ${free.name}` })).toHaveAttribute('href', /\/courses\/edit\/\d+/);
    const s2 = shot('company-courses-selected');
    if (s2) await page.screenshot(s2);
    await card.getByRole('button', { name: 'Selected' }).click();
    await expect(panel.getByText('No courses selected yet.')).toBeVisible();

    // A course the company has enrolments on stays selected once chosen.
    await courses.getByLabel('Search courses').fill(enrolled.name);
    const kept = courses.getByTestId('course-card').filter({ hasText: enrolled.name });
    await kept.getByRole('button', { name: 'Select' }).click();
    await expect(kept.getByRole('button', { name: 'Selected' })).toBeDisabled();
    const refused = await page.request.post(`/api/courses/${await kept.getAttribute('data-course-id')}/toggle`, {
      headers: await xsrfHeader(page),
    });
    expect(refused.status()).toBe(422);
    await page.reload();
    await expect(
      courses.getByTestId('course-card').filter({ hasText: enrolled.name }).getByRole('button', { name: 'Selected' }),
    ).toBeDisabled();

    await courses.getByRole('button', { name: /^Selected Courses/ }).click();
    await expect(page.getByRole('complementary', { name: 'Selected Courses' })).toBeVisible();
    await page.getByRole('complementary', { name: 'Selected Courses' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('complementary', { name: 'Selected Courses' })).toHaveCount(0);
  });

  test('edits certificate expiry and bridging activities, and downloads a QR code', async ({ page, browser }) => {
    // An admin adds a course with two activities.
    const name = `Bridged course ${Date.now()}`;
    const courseId = await createCourseAsAdmin(
      browser,
      {
        name,
        has_bridging: '1',
        'activities[0][name]': 'Site walk',
        'activities[0][code]': '1357',
        'activities[0][type]': 'file',
        'activities[0][description]': '<p>Walk the site with your supervisor.</p>',
        'activities[1][name]': 'Ladder check',
        'activities[1][type]': 'video',
      },
      'RuntimeBasicCalls_SCORM20043rdEdition.zip',
    );

    await signInWithPassword(page, DEMO.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    await page.goto(`/courses?search=${encodeURIComponent(name)}`);
    const card = page.getByTestId('course-card').filter({ hasText: name });
    await card.getByRole('button', { name: 'Select' }).click();
    // The list reloads after a toggle: wait for it before opening the panel, or the reload can close it.
    await expect(card.getByRole('button', { name: 'Selected' })).toBeVisible();
    await page.getByRole('button', { name: /^Selected Courses/ }).click();
    const editLink = page.getByRole('complementary', { name: 'Selected Courses' }).getByRole('link', { name: `Edit ${name}` });
    await expect(editLink).toBeVisible();
    await editLink.click();
    await expect(page).toHaveURL(`/courses/edit/${courseId}`);

    const edit = page.getByTestId('company-edit-course');
    await expect(edit.getByRole('heading', { name: 'Edit course' })).toBeVisible();
    await expect(edit.getByLabel('Certificate expiry (years)')).toHaveValue('2');
    const activities = edit.getByTestId('bridging-activity');
    await expect(activities).toHaveCount(2);
    await expect(activities.first()).toContainText('Code 1357');
    await expect(activities.first().getByLabel('Description')).toHaveValue('Walk the site with your supervisor.');
    const s = shot('company-edit-course');
    if (s) await page.screenshot(s);

    const download = page.waitForEvent('download');
    await activities.first().getByRole('button', { name: 'Download the QR code of Site walk' }).click();
    expect((await download).suggestedFilename()).toMatch(/^bridging-activity-\d+-site-walk-qr\.png$/);

    // Server errors land under validity_period and activities.{n}.description.
    await edit.getByLabel('Certificate expiry (years)').fill('0');
    await activities.first().getByLabel('Description').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.locator('#validity-period-error')).toBeVisible();
    await expect(edit.locator('#activity-0-description-error')).toBeVisible();

    await edit.getByLabel('Certificate expiry (years)').fill('4');
    await activities.first().getByLabel('Description').fill('Walk the yard with the site manager.');
    await activities.nth(1).getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    // Back on the course list, which says so.
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByTestId('company-courses').getByText('Course successfully saved!')).toBeVisible();

    await page.goto(`/courses/edit/${courseId}`);
    await expect(edit.getByLabel('Certificate expiry (years)')).toHaveValue('4');
    await expect(edit.getByTestId('bridging-activity').nth(1).getByLabel('Enabled')).not.toBeChecked();
  });
});
