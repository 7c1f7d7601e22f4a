import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, createCompanyWithManager, uniqueTag } from './identity-helpers';

/** Issue 13 item 12 (company and admin remotes): what a new user tripped over, in Chromium. */

const SCORM = resolve(import.meta.dirname, '../../../shared/fixtures/scorm');
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** Signs in and waits to land, so the next page.goto carries the session. */
async function signIn(page: Page, who: { email: string; password: string }) {
  await signInWithPassword(page, who);
  await expect(page).not.toHaveURL(/\/login/);
}

interface Course {
  id: number;
  name: string;
  validity_period: number;
}

test.describe('company remote', () => {
  test('at 390 px the Selected Courses panel opens in view with focus, and Escape closes it back to its opener', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.manager);
    await page.goto('/courses');
    const courses = page.getByTestId('company-courses');
    // The categories and a few cards are taller than a phone: a panel placed after them is out of view.
    await expect(courses.getByText(/^Showing all \d+ courses\.$/)).toBeVisible();
    const opener = page.getByRole('button', { name: /^Selected Courses/ });
    await opener.click();
    const panel = page.getByRole('complementary', { name: 'Selected Courses' });
    await expect(panel).toBeInViewport({ ratio: 0.9 });
    await expect(panel).toBeFocused();
    await expect(panel.getByRole('link', { name: 'Enrol Employees' })).toBeInViewport();
    await shot(page, 'selected-courses-390');

    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');

    // The Close button gives focus back too.
    await opener.click();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(opener).toBeFocused();

    // One match reads in the singular.
    await courses.getByLabel('Search courses').fill('Manual Handling Essentials');
    await expect(courses.getByText('Showing 1 course.')).toBeVisible();
  });

  test("saving a course's expiry says so on the course list, whose card shows the new expiry", async ({ page, baseURL }) => {
    // A company of its own: the demo company's certificate expiry stays as other specs expect it.
    await signIn(page, DEMO.admin);
    const manager = await createCompanyWithManager(page, baseURL!, `Expiry Co ${uniqueTag()}`);
    const [course] = (
      (await (await apiAs(page.context(), baseURL!, 'GET', '/api/courses?per_page=1&search=Fire%20Safety%20Awareness')).json()) as {
        data: Course[];
      }
    ).data as [Course];
    const years = course.validity_period === 7 ? 8 : 7;

    await signIn(page, { email: manager.email, password: manager.password });
    await page.goto(`/courses/edit/${course.id}`);
    await page.getByLabel('Certificate expiry (years)').fill(String(years));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    const courses = page.getByTestId('company-courses');
    await expect(courses.getByRole('status').filter({ hasText: 'Course successfully saved!' })).toBeInViewport();
    await courses.getByLabel('Search courses').fill(course.name);
    const card = courses.getByTestId('course-card').filter({ has: page.getByRole('heading', { name: course.name, exact: true }) });
    await expect(card).toContainText(`certificate valid ${years} years`);
    // Searching keeps the notice until it is dismissed.
    await expect(courses.getByText('Course successfully saved!')).toBeVisible();
    await shot(page, 'course-expiry-saved');
  });

  test('at 390 px the reporting table reads as cards, not a sideways scroll', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.manager);
    await page.goto('/reporting');
    const table = page.getByRole('table', { name: 'Enrolments' });
    await listSettled(page.locator('body'));
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow.locator('td[data-label]').first()).toBeVisible();
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = await firstRow.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    // Each cell is a label line over the row's width, so the row is taller than it is wide for a table row.
    const cells = await firstRow.locator('td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td).display));
    expect(new Set(cells)).not.toContain('table-cell');
    await firstRow.scrollIntoViewIfNeeded();
    await shot(page, 'reporting-cards-390');
  });
});

test.describe('admin remote', () => {
  test('a created course shows its notice in view; tab counts follow a create and a delete; the form has a styled file input and a rich-text description', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, DEMO.admin);
    const coursesTab = page.getByRole('tab', { name: /^Courses/ });
    // The tab reads 'Courses (12)' to screen readers (a badge shows the number).
    const countOf = async () => Number(/\((\d+)\)/.exec((await coursesTab.textContent()) ?? '')?.[1]);
    const serverCount = async () =>
      ((await (await apiAs(page.context(), baseURL!, 'GET', '/api/admin/dashboard')).json()) as { counts: { courses: number } }).counts
        .courses;

    await page.goto('/admin?tab=courses&course=new');
    const editor = page.getByTestId('admin-course-editor');
    const before = await serverCount();
    await expect(coursesTab).toContainText(String(before));
    const name = `Rich description ${uniqueTag()}`;
    await editor.getByLabel('Name', { exact: true }).fill(name);
    const description = editor.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await description.pressSequentially('Wear a ');
    await editor.getByRole('button', { name: 'Bold', exact: true }).click();
    await description.pressSequentially('hard hat');
    await editor.getByRole('button', { name: 'Bold', exact: true }).click();
    await description.pressSequentially(' on site.');
    await editor.getByLabel('Fire Safety').check();
    await editor.getByLabel('Validity period (years)').fill('2');
    await editor.getByLabel('Credit cost').fill('1');
    const file = editor.getByLabel('Course package (SCORM .zip)');
    await file.setInputFiles(`${SCORM}/RuntimeBasicCalls_SCORM12.zip`);
    // The styled input names the chosen file.
    await expect(editor.locator('.ds-file-input:has(#course-file)')).toContainText('RuntimeBasicCalls_SCORM12.zip');
    await editor.getByRole('button', { name: 'Create course' }).scrollIntoViewIfNeeded();
    await shot(page, 'admin-course-form');
    await editor.getByRole('button', { name: 'Create course' }).click();

    // The notice is at the top of a long form: it is scrolled into view, not left above it.
    const notice = editor.getByRole('status').filter({ hasText: 'Course successfully created!' });
    await expect(notice).toBeInViewport();
    await shot(page, 'admin-course-created');
    await expect(page).toHaveURL(/course=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('course'));
    const saved = (await (await apiAs(page.context(), baseURL!, 'GET', `/api/courses/${id}`)).json()) as { data: { description: string } };
    expect(saved.data.description).toBe('<p>Wear a <strong>hard hat</strong> on site.</p>');
    await expect.poll(countOf).toBe(before + 1);

    // Deleting from the list brings the count down again, without a reload.
    await page.getByRole('link', { name: 'Go back' }).click();
    const list = page.getByTestId('admin-courses');
    await list.getByLabel('Search courses').fill(name);
    await listSettled(list);
    await list.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete course' }).getByRole('button', { name: 'Delete course' }).click();
    await expect(list.getByText(`${name} was deleted.`)).toBeVisible();
    await expect.poll(countOf).toBe(before);
  });

  test('at 390 px the admin lists read as cards', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.admin);
    await page.goto('/admin?tab=companies');
    const table = page.getByRole('table', { name: 'Companies' });
    await listSettled(page.locator('body'));
    await expect(table.locator('tbody td[data-label="Name"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'admin-companies-390');
  });
});
