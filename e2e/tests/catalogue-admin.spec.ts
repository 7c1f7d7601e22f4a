import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { listSettled } from '../support/lists';
import { DEMO, signInWithPassword } from '../support/personas';

const SCORM = resolve(import.meta.dirname, '../../../shared/fixtures/scorm');
const shot = (name: string) =>
  process.env.CATALOGUE_SHOTS ? { path: `${process.env.CATALOGUE_SHOTS}/${name}.png`, fullPage: true } : undefined;

test.describe('admin courses', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
  });

  test('lists, searches and sorts courses', async ({ page }) => {
    await page.goto('/admin?tab=courses');
    const panel = page.getByTestId('admin-courses');
    await expect(panel.getByRole('cell', { name: 'Fire Safety Awareness', exact: true })).toBeVisible();
    const s = shot('admin-course-list');
    if (s) await page.screenshot(s);
    const names = () => panel.locator('.admin-courses__name').allInnerTexts();
    // Other specs add and delete courses meanwhile, and there may be more than a page (ADMIN_PAGE_SIZE,
    // 15) of them: each order is checked against one answer of the API, read again until no course
    // came or went between the page's read and the API's.
    const everyNameAscending = async () =>
      (
        (await (await page.request.get('/api/courses?per_page=100&sortBy=name&sortDir=asc')).json()) as { data: { name: string }[] }
      ).data.map((c) => c.name);
    const expectFirstPage = (order: 'asc' | 'desc') =>
      expect(async () => {
        await expect(panel.locator('.admin-courses__name').first()).toBeVisible();
        await listSettled(panel);
        const shown = await names();
        const all = await everyNameAscending();
        const expected = (order === 'asc' ? all : all.reverse()).slice(0, 15);
        // A course came or went between the two reads: read the page again.
        if (shown.join('\n') !== expected.join('\n')) await page.reload();
        expect(shown).toEqual(expected);
      }).toPass();
    await panel.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sortBy=name&sortDir=asc/);
    await expectFirstPage('asc');
    await panel.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sortDir=desc/);
    await expectFirstPage('desc');
    await panel.getByLabel('Search courses').fill('manual');
    await expect(page).toHaveURL(/search=manual/);
    await listSettled(panel);
    await expect(panel.getByRole('row')).toHaveCount(2);
    await expect(panel.getByText('Page 1 of 1')).toBeVisible();
  });

  test('adds a course with its SCORM package, showing upload progress, then edits it', async ({ page }) => {
    await page.goto('/admin?tab=courses');
    await page.getByRole('link', { name: 'Add course' }).click();
    const editor = page.getByTestId('admin-course-editor');
    await expect(editor.getByRole('heading', { name: 'Add course' })).toBeVisible();
    await expect(editor.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', /\/admin/);
    const name = `Golf basics ${Date.now()}`;
    await editor.getByLabel('Name', { exact: true }).fill(name);
    // The description is a rich-text editor: type, and make a word bold from its toolbar.
    const description = editor.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await description.pressSequentially('Learn ');
    await editor.getByRole('button', { name: 'Bold', exact: true }).click();
    await description.pressSequentially('golf');
    await editor.getByLabel('Fire Safety').check();
    // Ticking 'Company Specific' shows the company picker; un-ticking hides it.
    await editor.getByLabel('Company Specific').check();
    await expect(editor.getByLabel('Company', { exact: true })).toBeVisible();
    await editor.getByLabel('Company Specific').uncheck();
    await expect(editor.getByLabel('Company', { exact: true })).toHaveCount(0);
    await editor.getByLabel('Validity period (years)').fill('2');
    await editor.getByLabel('Credit cost').fill('3');
    await editor.getByLabel('Has bridging activities').check();
    await editor.getByRole('button', { name: 'Add activity' }).click();
    await editor.getByLabel('Activity name').fill('Site walk');
    await editor.getByLabel('Code (number)').fill('2468');
    await editor.getByLabel('Course package (SCORM .zip)').setInputFiles(`${SCORM}/RuntimeBasicCalls_SCORM12.zip`);
    const s1 = shot('admin-course-add');
    if (s1) await page.screenshot(s1);
    // Hold the server's answer until the progress bar has been seen: a small package on a fast
    // machine can finish uploading before a frame is drawn.
    let releaseAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route('**/api/courses', async (route) => {
      if (route.request().method() === 'POST') await answerHeld;
      await route.continue();
    });
    await editor.getByRole('button', { name: 'Create course' }).click();
    await expect(editor.getByTestId('upload-progress')).toBeVisible();
    // Let the held answer through (unrouting with it pending would fail the held route).
    releaseAnswer();
    await expect(editor.getByText('Course successfully created!')).toBeVisible();
    await expect(editor.getByRole('heading', { name: 'Edit course' })).toBeVisible();
    await expect(page).toHaveURL(/course=\d+/);
    await expect(editor.getByText(/Current package: RuntimeBasicCalls_SCORM12\.zip \(SCORM 1\.2\)/)).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Description', exact: true }).locator('p')).toHaveText('Learn golf');
    await expect(editor.getByRole('textbox', { name: 'Description', exact: true }).locator('strong')).toHaveText('golf');
    const s2 = shot('admin-course-edit');
    if (s2) await page.screenshot(s2);

    await editor.getByLabel('Name', { exact: true }).fill(`${name} (edited)`);
    await editor.getByRole('button', { name: 'Save course' }).click();
    await expect(editor.getByText('Course successfully saved!')).toBeVisible();
    await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(`${name} (edited)`);
  });

  test('refuses a package with a path-escaping entry under the file field', async ({ page }) => {
    await page.goto('/admin?tab=courses&course=new');
    const editor = page.getByTestId('admin-course-editor');
    await editor.getByLabel('Name', { exact: true }).fill('Evil package');
    await editor.getByLabel('Fire Safety').check();
    const evil = zipSync({ 'imsmanifest.xml': strToU8('<manifest/>'), '../../escape.html': strToU8('x') });
    await editor
      .getByLabel('Course package (SCORM .zip)')
      .setInputFiles({ name: 'evil.zip', mimeType: 'application/zip', buffer: Buffer.from(evil) });
    await editor.getByRole('button', { name: 'Create course' }).click();
    await expect(editor.locator('#course-file-error')).toContainText('outside its folder');
    const s = shot('admin-course-refused');
    if (s) await page.screenshot(s);
    await page.goto('/admin?tab=courses&search=Evil');
    await expect(page.getByTestId('admin-courses').getByText('No courses match your search.')).toBeVisible();
  });

  test('deletes a course after a confirmation that warns of the cascade', async ({ page }) => {
    // A course made over the API, then deleted from the list.
    await page.goto('/admin?tab=courses');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const name = `Doomed ${Date.now()}`;
    const created = await page.request.post('/api/courses', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      multipart: {
        name,
        'category_ids[]': '1',
        validity_period: '1',
        credit_cost: '1',
        file: { name: 'pkg.zip', mimeType: 'application/zip', buffer: readFileSync(`${SCORM}/RuntimeMinimumCalls_SCORM12-mini.zip`) },
      },
    });
    expect(created.status()).toBe(200);
    await page.goto(`/admin?tab=courses&search=${encodeURIComponent(name)}`);
    const panel = page.getByTestId('admin-courses');
    await panel.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Deleting a course deletes its enrollments and refunds their credits to the companies.');
    const s = shot('admin-course-delete');
    if (s) await page.screenshot(s);
    await dialog.getByRole('button', { name: 'Delete course' }).click();
    await expect(panel.getByText(`${name} was deleted.`)).toBeVisible();
    await expect(panel.getByText('No courses match your search.')).toBeVisible();
  });
});
