import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';

/**
 * Issue 24 item 18: the browser's console stays clean on every role's main pages: no warning and
 * no error, the browser's own included (a Permissions-Policy feature Chromium does not know, a
 * CSP refusal, a failed request). Each page is opened by address and left once it has settled.
 */
interface Heard {
  page: string;
  text: string;
}

function listen(page: Page, heard: Heard[]) {
  const where = () => new URL(page.url()).pathname + new URL(page.url()).search;
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error')
      heard.push({ page: where(), text: `${message.type()}: ${message.text()}` });
  });
  page.on('pageerror', (error) => heard.push({ page: where(), text: `uncaught: ${error.message}` }));
}

/** Opens each address and waits until its main content is there and the network is quiet. */
async function visit(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
}

const ADMIN_TABS = ['learners', 'companies', 'courses', 'site', 'jobs', 'certificate', 'reports', 'audit'];
const COMPANY_PAGES = ['/', '/courses', '/enrolments/create/v2', '/reporting', '/purchase-history', '/account'];

test.describe('the console is clean on every main page', () => {
  test('public pages', async ({ page }) => {
    const heard: Heard[] = [];
    listen(page, heard);
    await visit(page, ['/login', '/verify', '/verify?code=DEMO-CERT-0001', '/password/reset']);
    expect(heard).toEqual([]);
  });

  test('a learner’s pages, and the log-out confirmation', async ({ page }) => {
    await signInWithPassword(page, DEMO.learner);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    const heard: Heard[] = [];
    listen(page, heard);
    await visit(page, ['/', '/account', '/verify', '/logout']);
    expect(heard).toEqual([]);
  });

  test('a login-code learner’s dashboard', async ({ page }) => {
    await signInWithCode(page, DEMO.codeLearner.loginCode);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    const heard: Heard[] = [];
    listen(page, heard);
    await visit(page, ['/', '/account']);
    expect(heard).toEqual([]);
  });

  test('a manager’s pages', async ({ page }) => {
    await signInWithPassword(page, DEMO.manager);
    await expect(page).toHaveURL(/\/$/);
    const heard: Heard[] = [];
    listen(page, heard);
    await visit(page, COMPANY_PAGES);
    expect(heard).toEqual([]);
  });

  test('an admin’s tabs', async ({ page }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const heard: Heard[] = [];
    listen(page, heard);
    await visit(
      page,
      ADMIN_TABS.map((tab) => `/admin?tab=${tab}`),
    );
    expect(heard).toEqual([]);
  });
});
