import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, callOk, seedCompany, uniqueTag } from '../support/seed';

/**
 * Issue 32 items 3, 4 and 7: Re-enrol asks first (learner, course, credits, balance after); Cancel
 * spends nothing; Confirm spends once; the learner then sees one card for the course, with no shop
 * Renew link. /reporting and the learner dashboard are looked at on a 1366 px screen and a 390 px phone.
 */

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const settled = (page: Page) => listSettled(page.getByTestId('reporting-page'));
const rowsOf = (page: Page, learner: string) =>
  page.getByTestId('reporting-page').getByRole('region', { name: 'Enrolments' }).locator('tbody tr').filter({ hasText: learner });
const shot = (page: Page, name: string) => page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage: true });

async function balanceOf(page: Page, baseURL: string): Promise<number> {
  return ((await (await apiAs(page.context(), baseURL, 'GET', '/api/credit-balance')).json()) as { credit_balance: number }).credit_balance;
}

async function signedIn(browser: Browser, baseURL: string, viewport: typeof WIDE, signIn: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ baseURL, viewport });
  await signIn(page);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test('Re-enrol asks first, Cancel spends nothing, Confirm spends once; the learner sees one card and no Renew', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const catalogue = (await callOk(page.context(), baseURL!, 'GET', '/api/courses?per_page=50&sortBy=name')) as {
    data: { id: number; name: string; credit_cost: number }[];
  };
  const course = catalogue.data.find((c) => c.credit_cost > 0 && c.credit_cost <= 20)!;
  const cost = course.credit_cost;
  const company = await seedCompany(page.context(), baseURL!, { name: `Renew Co ${tag}`, credits: 3 * cost });

  const manager = await signedIn(browser, baseURL!, WIDE, (p) => signInWithPassword(p, company.manager));
  const learnerName = `Rhea Renew ${tag}`;
  const created = (await callOk(manager.context(), baseURL!, 'POST', '/api/user', {
    data: { name: learnerName, company_id: company.id },
  })) as { data: { id: number; login_code: string | null } };
  // A pass of ten years ago, forced by the admin (nothing charged): long expired.
  const passDate = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
  await callOk(page.context(), baseURL!, 'POST', `/api/user/${created.data.id}/enroll`, {
    data: { course_id: course.id, force: true, pass_date: passDate },
  });

  await manager.goto('/reporting');
  await settled(manager);
  const row = rowsOf(manager, learnerName);
  await expect(row).toHaveCount(1);
  // An expired pass cannot be mistaken for a valid one: "Expired dd/mm/yyyy" beside the Passed pill.
  await expect(row.locator('.ds-pill')).toHaveText('Passed');
  await expect(row.getByTestId('expired-label')).toHaveText(/^Expired \d\d\/\d\d\/\d{4}$/);
  await shot(manager, 're-enrol-reporting-1366');

  // The course filter: a searchable list of check boxes, the same `courses` parameter.
  await manager.getByRole('button', { name: 'Filters' }).click();
  await manager.getByRole('button', { name: 'Courses', exact: true }).click();
  await manager.getByRole('searchbox', { name: 'Search courses' }).fill(course.name.slice(0, 6));
  // A click, then the box follows the address (the router commits the navigation in a transition).
  await manager.getByRole('checkbox', { name: course.name }).click();
  await expect(manager.getByRole('checkbox', { name: course.name })).toBeChecked();
  await expect(manager).toHaveURL(new RegExp(`courses=${course.id}`));
  await shot(manager, 're-enrol-course-filter-1366');
  await manager.getByRole('button', { name: 'Done' }).click();
  await settled(manager);

  // Re-enrol opens the confirmation: learner, course, credits, balance after.
  const before = await balanceOf(manager, baseURL!);
  expect(before).toBe(3 * cost);
  const enrolCalls: string[] = [];
  manager.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/company/${company.id}/enroll`)
      enrolCalls.push(request.url());
  });
  // First on the phone.
  await manager.setViewportSize(PHONE);
  await row.getByRole('button', { name: /Re-enrol/ }).click();
  const dialog = manager.getByRole('dialog', { name: 'Re-enrol this learner?' });
  await expect(dialog.getByTestId('spend-learner')).toHaveText(learnerName);
  await expect(dialog.getByTestId('spend-course')).toHaveText(`${course.name} (re-enrolment)`);
  await expect(dialog.getByTestId('spend-credits')).toHaveText(`${cost} credit${cost === 1 ? '' : 's'}`);
  await expect(dialog.getByTestId('spend-balance-after')).toHaveText(`${2 * cost} credits`);
  await manager.screenshot({ path: `${test.info().outputDir}/re-enrol-confirm-390.png` });

  // Cancel spends nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await balanceOf(manager, baseURL!)).toBe(before);
  expect(enrolCalls).toEqual([]);

  // Confirm spends once, double click and all.
  await manager.setViewportSize(WIDE);
  await row.getByRole('button', { name: /Re-enrol/ }).click();
  await expect(dialog.getByTestId('spend-balance-after')).toHaveText(`${2 * cost} credits`);
  await shot(manager, 're-enrol-confirm-1366');
  await dialog.getByTestId('spend-confirm').dblclick();
  await expect(manager.getByText(`${learnerName} has successfully been re-enrolled onto ${course.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(enrolCalls).toHaveLength(1);
  expect(await balanceOf(manager, baseURL!)).toBe(before - cost);
  await settled(manager);
  await expect(rowsOf(manager, learnerName)).toHaveCount(2);
  await expect(manager.getByTestId('header-credits')).toContainText(String(before - cost));
  await shot(manager, 're-enrol-done-1366');

  await manager.setViewportSize(PHONE);
  await settled(manager);
  await expect(rowsOf(manager, learnerName).getByTestId('expired-label')).toBeVisible();
  await shot(manager, 're-enrol-reporting-390');
  await rowsOf(manager, learnerName)
    .filter({ has: manager.locator('.ds-pill', { hasText: 'Not Started' }) })
    .scrollIntoViewIfNeeded();
  await manager.close();

  // The learner: one card for the course, the new enrolment, no shop Renew link.
  const learner = await signedIn(browser, baseURL!, WIDE, (p) => signInWithCode(p, created.data.login_code!));
  const dashboard = learner.getByTestId('learner-dashboard');
  const cards = dashboard.getByTestId('course-card').filter({ hasText: course.name });
  await expect(cards).toHaveCount(1);
  await expect(cards).toHaveAttribute('data-state', 'not-started');
  await expect(cards.getByTestId('course-renewal')).toHaveText(/^Renewed on \d\d\/\d\d\/\d{4}, previous pass expired \d\d\/\d\d\/\d{4}$/);
  await expect(dashboard.getByRole('link', { name: /Renew/ })).toHaveCount(0);
  await expect(cards.getByRole('button', { name: /Start Course/ })).toBeVisible();
  await shot(learner, 're-enrol-learner-1366');
  await learner.setViewportSize(PHONE);
  await expect(cards).toBeVisible();
  await shot(learner, 're-enrol-learner-390');
  await learner.close();
});

test('the older Enroll page with no selected course says so and links to the Courses page', async ({ page, browser, baseURL }) => {
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const company = await seedCompany(page.context(), baseURL!, { name: `Unselected Co ${uniqueTag()}` });
  const manager = await signedIn(browser, baseURL!, WIDE, (p) => signInWithPassword(p, company.manager));
  await manager.goto('/enrolments/create');
  const enrol = manager.getByTestId('enrol-page');
  await expect(enrol.getByText('You have not selected any courses yet.')).toBeVisible();
  await expect(enrol.getByText(/No course is on offer/)).toHaveCount(0);
  await expect(enrol.getByRole('link', { name: 'Go to Courses' })).toHaveAttribute('href', '/courses');
  await shot(manager, 'older-enrol-none-selected-1366');
  await manager.setViewportSize(PHONE);
  await shot(manager, 'older-enrol-none-selected-390');
  await enrol.getByRole('link', { name: 'Go to Courses' }).click();
  await expect(manager).toHaveURL(/\/courses$/);
  await manager.close();
});
