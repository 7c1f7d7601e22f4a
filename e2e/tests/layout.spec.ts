import { expect, test, type Locator } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';

test('the mobile menu shows the credit balance, Buy credit, help and verify', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByTestId('mobile-menu');
  // The company's balance as the API gives it (other specs spend demo credits).
  const { credit_balance: balance } = (await (await page.request.get('/api/credit-balance')).json()) as { credit_balance: number };
  await expect(menu.getByTestId('mobile-credit-balance')).toContainText(String(balance));
  await expect(menu.getByRole('link', { name: 'Buy credit' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /help/i }).first()).toBeVisible();
  await expect(menu.getByRole('link', { name: /verify/i }).first()).toBeVisible();
});

test('the footer has help, verify, privacy and terms links', async ({ page }) => {
  await signInWithPassword(page, DEMO.learner);
  const footer = page.getByRole('contentinfo');
  for (const name of [/help/i, /verify/i, /privacy/i, /terms/i]) await expect(footer.getByRole('link', { name }).first()).toBeVisible();
});

test('when the server fails, the maintenance page shows instead of a blank page', async ({ page }) => {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  await page.route('**/api/shell', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) }),
  );
  await page.reload();
  const errorPage = page.getByTestId('error-page');
  await expect(errorPage).toBeVisible();
  await expect(errorPage).toContainText(/maintenance/i);
  // Not an admin: no error text, and no trace outside development.
  await expect(page.getByTestId('error-message')).toHaveCount(0);
  await expect(page.getByTestId('error-trace')).toHaveCount(0);
});

test('learner course pages use the minimal layout with an Exit course link', async ({ page }) => {
  await signInWithPassword(page, DEMO.learner);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await page.getByRole('link', { name: /Continue Course/ }).click();
  await expect(page).toHaveURL(/\/learn\/\d+/);
  await expect(page.getByTestId('exit-course')).toHaveAttribute('href', '/');
  await expect(page.getByText('4.7 Ratings')).toHaveCount(0);
});

test('learners are not offered company or admin pages', async ({ page }) => {
  await signInWithPassword(page, DEMO.learner);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByTestId('admin-dashboard')).toHaveCount(0);
  const status = await page.evaluate(async () => (await fetch('/api/admin/dashboard')).status);
  expect(status).toBe(403);
});

/** The table's own scroll box does not scroll sideways: every column is on the screen (issue 32 item 7). */
async function scrollsSideways(region: Locator) {
  return region.evaluate((wrap) => wrap.scrollWidth > wrap.clientWidth + 1);
}

test('at 390 px the dashboard’s courses are cards that fit the screen, as on /reporting', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithPassword(page, DEMO.manager);
  // The table's scroll box (a named region).
  const courses = page.getByTestId('company-dashboard').locator('.ds-table-wrap');
  await expect(courses.getByRole('link', { name: /^View / }).first()).toBeVisible();
  expect(await scrollsSideways(courses)).toBe(false);
  // Each card's View link is on the screen, not scrolled out of sight at the right.
  for (const link of await courses.getByRole('link', { name: /^View / }).all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
