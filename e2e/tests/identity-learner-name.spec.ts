import { expect, test } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';

test('Start Course asks the learner to confirm their name, saves it only if changed, then opens the course', async ({ page }) => {
  // The demo learner's only not-started course must stay not started for the other specs: the
  // course page's API is held back, so opening /learn/{id} does not launch it.
  await page.route('**/api/learn/**', (route) => route.fulfill({ status: 503, json: { message: 'Held back by this spec.' } }));
  let patches: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && /\/api\/user\/\d+$/.test(r.url())) patches.push(r.postDataJSON());
  });
  await signInWithPassword(page, DEMO.learner);
  const dashboard = page.getByTestId('learner-dashboard');
  const modal = page.getByRole('dialog', { name: 'Confirm your name' });

  // The seeded not-started course (other specs may enrol this learner on more).
  const startSeededCourse = () =>
    dashboard
      .locator('[data-testid="course-card"]', { hasText: 'Working at Height Basics' })
      .getByRole('button', { name: /Start Course/ })
      .click();
  await startSeededCourse();
  await expect(modal.getByLabel('First name')).toHaveValue('Lee');
  await expect(modal.getByLabel('Last name')).toHaveValue('Carter');
  await modal.getByLabel('First name').fill('');
  await modal.getByLabel('Last name').fill(' ');
  await modal.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(modal.getByText('First name is required')).toBeVisible();
  await expect(modal.getByText('Last name is required')).toBeVisible();
  await page.screenshot({ path: `${test.info().outputDir}/name-confirmation.png` });

  // Unchanged: nothing is sent, the course opens.
  await modal.getByLabel('First name').fill('Lee');
  await modal.getByLabel('Last name').fill('Carter');
  await modal.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page).toHaveURL(/\/learn\/\d+$/);
  expect(patches).toEqual([]);

  // Changed: PATCH /api/user/{id} with only the name, then the course opens.
  await page.goto('/');
  await startSeededCourse();
  await modal.getByLabel('Last name').fill('Carter Smith');
  await modal.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page).toHaveURL(/\/learn\/\d+$/);
  expect(patches).toEqual([{ name: 'Lee Carter Smith' }]);
  await page.goto('/');
  await expect(dashboard.getByText(/^Welcome( back)?, Lee Carter Smith$/)).toBeVisible();

  // Server errors show the server's message; the name goes back for the other specs.
  patches = [];
  await startSeededCourse();
  await page.route('**/api/user/*', (route) => route.fulfill({ status: 422, json: { message: 'The name is not allowed.', errors: {} } }));
  await modal.getByLabel('Last name').fill('Carter');
  await modal.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(modal.getByText('The name is not allowed.')).toBeVisible();
  await page.unroute('**/api/user/*');
  await modal.getByRole('button', { name: 'Confirm and start' }).click();
  await expect(page).toHaveURL(/\/learn\/\d+$/);
  await page.goto('/');
  await expect(dashboard.getByText(new RegExp(`^Welcome( back)?, ${DEMO.learner.name}$`))).toBeVisible();
});
