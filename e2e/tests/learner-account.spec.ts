import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { apiAs, linkPath, uniqueTag, waitForMail } from './identity-helpers';

/**
 * The learner's own account page (/account for a learner), used end to end by a learner with an
 * email and a password and by one with only a login code. Both are fresh learners of a fresh
 * company (made by the demo admin), so the demo accounts stay as the other specs expect them.
 */

const PASSWORD = 'Ladder-Safe-2026';
const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface World {
  companyId: number;
  courses: { id: number; name: string; validity_period: number }[];
  withEmail: { id: number; name: string; email: string; loginCode: string };
  codeOnly: { id: number; name: string; loginCode: string };
}

async function makeWorld(browser: Browser, baseURL: string): Promise<World> {
  const admin = await browser.newPage({ baseURL });
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const tag = uniqueTag();
  const context = admin.context();
  const company = await apiAs(context, baseURL, 'POST', '/api/company/createCompanyAndUser', {
    name: `Account Co ${tag}`,
    manager_name: `Mo ${tag}`,
    manager_email: `mo-${tag}@e2e.test`,
  });
  const companyId = ((await company.json()) as { data: { id: number } }).data.id;
  const listed = (await (await apiAs(context, baseURL, 'GET', '/api/courses?sortBy=id&sortDir=asc&page=1')).json()) as {
    data: World['courses'];
  };
  const courses = listed.data.slice(0, 3);

  async function makeLearner(body: Record<string, unknown>) {
    const response = await apiAs(context, baseURL, 'POST', '/api/user', { company_id: companyId, role: 'learner', ...body });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { id: number; name: string; login_code: string } }).data;
  }
  const email = `lena-${tag}@e2e.test`;
  const a = await makeLearner({ name: `Lena Walker${tag.slice(0, 3)}`, email, password: PASSWORD });
  const b = await makeLearner({ name: `Omar Code${tag.slice(0, 3)}` });

  async function pass(userId: number, courseId: number, passDate: Date) {
    const response = await apiAs(context, baseURL, 'POST', `/api/user/${userId}/enroll`, {
      course_id: courseId,
      force: true,
      pass_date: isoDay(passDate),
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const [first, second, third] = courses as [World['courses'][number], World['courses'][number], World['courses'][number]];
  const now = Date.now();
  // The first course twice: an old certificate (long expired, and superseded) and today's (valid).
  await pass(a.id, first.id, new Date('2012-03-01T00:00:00Z'));
  await pass(a.id, first.id, new Date(now));
  // The second course expired (passed long ago); the third expires in 3 days (expiring soon).
  await pass(a.id, second.id, new Date('2013-05-01T00:00:00Z'));
  const soon = new Date(now + 3 * DAY);
  soon.setUTCFullYear(soon.getUTCFullYear() - third.validity_period);
  await pass(a.id, third.id, soon);
  await pass(b.id, first.id, new Date(now));
  await admin.close();
  return {
    companyId,
    courses,
    withEmail: { id: a.id, name: a.name, email, loginCode: a.login_code },
    codeOnly: { id: b.id, name: b.name, loginCode: b.login_code },
  };
}

let world: World;
test.beforeAll(async ({ browser, baseURL }) => {
  world = await makeWorld(browser, baseURL!);
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage: true });

async function openAccount(page: Page) {
  await page.getByTestId('menu-account').first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
}

test('a learner with an email and a password uses every part of their account page', async ({ page, browser, baseURL, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const learner = world.withEmail;
  await signInWithPassword(page, { email: learner.email, password: PASSWORD });
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openAccount(page);

  // None of the company's account area is here.
  const main = page.getByTestId('learner-account');
  for (const text of [/notification/i, /credit/i, /logo/i, /depot/i]) await expect(main.getByText(text)).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Purchase history' })).toHaveCount(0);

  // My certificates: every one with its state, verify link and (while the route exists and it is valid) download.
  const table = main.getByRole('region', { name: 'Your certificates' });
  await expect(table.getByRole('row')).toHaveCount(5);
  const states = await table.getByTestId('certificate-state').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state')));
  expect([...states].sort()).toEqual(['expired', 'expiring-soon', 'superseded', 'valid']);
  await shot(page, 'learner-account-email');

  // Search by course name, then clear it.
  const search = main.getByLabel('Search certificates');
  await search.fill(world.courses[1]!.name);
  await expect(table.getByTestId('certificate-state')).toHaveCount(1);
  await expect(page).toHaveURL(/search=/);
  await search.fill('zz-no-such-course');
  await expect(table.getByText('No certificates were found matching your request.')).toBeVisible();
  await search.fill('');
  await expect(table.getByTestId('certificate-state')).toHaveCount(4);

  // The verify link of the valid certificate checks it publicly.
  const validRow = table.getByRole('row').filter({ has: page.locator('[data-state="valid"]') });
  const verifyHref = await validRow.getByRole('link', { name: /^Verify/ }).getAttribute('href');
  // Certificate codes are 80 random bits, printed in groups of four (XXXX-XXXX-XXXX-XXXX).
  expect(verifyHref).toMatch(/^\/verify\?code=[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const verifier = await browser.newPage({ baseURL: baseURL! });
  await verifier.goto(verifyHref!);
  await expect(verifier.getByText('This is a valid certificate.')).toBeVisible();
  await verifier.close();
  const hasDownloadRoute = ((await page.request.get('/api/openapi.json').then((r) => r.json())) as { paths: Record<string, unknown> })
    .paths['/api/enrollments/{id}/certificate'];
  await expect(validRow.getByRole('link', { name: /^Download the/ })).toHaveCount(hasDownloadRoute ? 1 : 0);

  // Details: the name follows the name confirmation's rules.
  await main.getByLabel('Last name').fill(' ');
  await main.getByRole('button', { name: 'Save name' }).click();
  await expect(main.getByText('Last name is required')).toBeVisible();
  await main.getByLabel('Last name').fill('Walker-Smith');
  await main.getByRole('button', { name: 'Save name' }).click();
  await expect(main.getByText('User successfully updated!')).toBeVisible();

  // Email and password need the current password; the old address is told of the change.
  const details = main.getByRole('form', { name: 'Email and password', exact: true });
  const newEmail = `lena-new-${uniqueTag()}@e2e.test`;
  await details.getByLabel('Email address').fill(newEmail);
  await details.getByLabel('Current password').fill('not-my-password');
  await details.getByRole('button', { name: 'Save email and password' }).click();
  await expect(details.getByText('That is not your current password.')).toBeVisible();
  await details.getByLabel('Current password').fill(PASSWORD);
  await details.getByRole('button', { name: 'Save email and password' }).click();
  await expect(details.getByText('Your sign-in details have been updated.')).toBeVisible();
  const told = await waitForMail(page.request, baseURL!, learner.email, 'Your email address was changed');
  expect(told.text).toContain(newEmail);
  // A blank new password changed nothing: the password still signs in, with the new email.
  const other = await browser.newPage({ baseURL: baseURL! });
  await signInWithPassword(other, { email: newEmail, password: PASSWORD });
  await expect(other.getByTestId('learner-dashboard')).toBeVisible();
  await other.close();

  // A new password, confirmed.
  const newPassword = 'Higher-Ladder-2027';
  await details.getByLabel('New password', { exact: true }).fill(newPassword);
  await details.getByLabel('Confirm new password').fill(newPassword);
  await details.getByLabel('Current password').fill(PASSWORD);
  await details.getByRole('button', { name: 'Save email and password' }).click();
  await expect(details.getByText('Your sign-in details have been updated.')).toBeVisible();

  // Ways in: the login code on request, copied; and an emailed sign-in link.
  await main.getByRole('button', { name: 'Show my login code' }).click();
  await expect(main.getByTestId('login-code')).toHaveText(learner.loginCode);
  await main.getByRole('button', { name: 'Copy' }).click();
  await expect(main.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(learner.loginCode);
  await main.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(main.getByText('Sign-in link sent! Please check your email.')).toBeVisible();
  const linkMail = await waitForMail(page.request, baseURL!, newEmail, 'Your sign-in link');
  const visitor = await browser.newPage({ baseURL: baseURL! });
  await visitor.goto(linkPath(linkMail.text));
  await expect(visitor.getByTestId('learner-dashboard')).toBeVisible();
  await visitor.goto('/account');
  // My data: the last sign-ins, newest first.
  await expect(visitor.getByTestId('recent-sign-ins').getByRole('listitem').first()).toContainText('Emailed sign-in link');
  await shot(visitor, 'learner-account-after-link');
  await visitor.close();

  // My data: downloads as JSON and .xlsx, about this learner only.
  await page.reload();
  const [json] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Download as JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    profile: { email: string; name: string };
    enrolments: unknown[];
    certificates: { state: string; courseName: string }[];
    signIns: { method: string }[];
  };
  expect(data.profile).toMatchObject({ email: newEmail, name: `${learner.name.split(' ')[0]} Walker-Smith` });
  expect(data.enrolments).toHaveLength(4);
  expect(data.certificates.map((c) => c.state).sort()).toEqual(['expired', 'expiring-soon', 'superseded', 'valid']);
  expect(data.signIns.map((s) => s.method)).toEqual(expect.arrayContaining(['password', 'login_link']));
  expect(JSON.stringify(data)).not.toContain(world.codeOnly.loginCode);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download as Excel (.xlsx)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await readFile((await xlsx.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // Refusals: the routes act on the caller only; another learner's name cannot be changed.
  const foreign = await apiAs(context, baseURL!, 'PATCH', `/api/user/${world.codeOnly.id}`, { name: 'Not Yours' });
  expect(foreign.status()).toBe(403);
  await shot(page, 'learner-account-email-end');
});

test('a learner with only a login code adds an email and a password through a mailed link, and uses every part', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const learner = world.codeOnly;
  await signInWithCode(page, learner.loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openAccount(page);
  const main = page.getByTestId('learner-account');

  // No email yet: no sign-in link, and no email/password form but the set-up one.
  await expect(main.getByRole('button', { name: 'Send me a sign-in link' })).toBeDisabled();
  await expect(main.getByRole('form', { name: 'Email and password', exact: true })).toHaveCount(0);
  await expect(main.getByTestId('recent-sign-ins').getByRole('listitem').first()).toContainText('Login code');

  // Ways in: the code, copied.
  await main.getByRole('button', { name: 'Show my login code' }).click();
  await expect(main.getByTestId('login-code')).toHaveText(learner.loginCode);
  await main.getByRole('button', { name: 'Copy' }).click();
  await expect(main.getByText('Copied!')).toBeVisible();

  // Certificates: the one they hold.
  const table = main.getByRole('region', { name: 'Your certificates' });
  await expect(table.getByTestId('certificate-state')).toHaveCount(1);
  await expect(table.locator('[data-state="valid"]')).toBeVisible();
  await shot(page, 'learner-account-code');

  // Set up an email and a password: a link goes to the address; the reset page sets both.
  const email = `omar-${uniqueTag()}@e2e.test`;
  const setUp = main.getByRole('form', { name: 'Sign in with email and password' });
  await setUp.getByLabel('Email address').fill('not-an-email');
  await setUp.getByRole('button', { name: 'Email me a link to set my password' }).click();
  await expect(setUp.getByText('Enter a valid email address.')).toBeVisible();
  await setUp.getByLabel('Email address').fill(email);
  await setUp.getByRole('button', { name: 'Email me a link to set my password' }).click();
  await expect(setUp.getByText('We have emailed you a link. Open it within 60 minutes to choose your password.')).toBeVisible();
  const mail = await waitForMail(page.request, baseURL!, email, 'Set up your email sign-in');
  const visitor = await browser.newPage({ baseURL: baseURL! });
  await visitor.goto(linkPath(mail.text));
  await expect(visitor.getByLabel('Email address')).toHaveValue(email);
  await visitor.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirm new password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Reset password' }).click();
  await expect(visitor.getByText('Password reset successfully! You can now login with your new password.')).toBeVisible();
  await signInWithPassword(visitor, { email, password: PASSWORD });
  await expect(visitor.getByTestId('learner-dashboard')).toBeVisible();
  await visitor.close();

  // Back on the page: the email and password form now, and the sign-in link works.
  await page.reload();
  await expect(main.getByRole('form', { name: 'Email and password', exact: true }).getByLabel('Email address')).toHaveValue(email);
  await main.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(main.getByText('Sign-in link sent! Please check your email.')).toBeVisible();
  await waitForMail(page.request, baseURL!, email, 'Your sign-in link');

  // My data: JSON and .xlsx.
  const [json] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: 'Download as JSON' }).click()]);
  const data = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    profile: { email: string; login_code: string };
    certificates: unknown[];
  };
  expect(data.profile).toMatchObject({ email, login_code: learner.loginCode });
  expect(data.certificates).toHaveLength(1);
  expect(JSON.stringify(data)).not.toContain(world.withEmail.email);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download as Excel (.xlsx)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  await shot(page, 'learner-account-code-end');
});

test('managers and admins keep the company’s account page and are refused the learner routes', async ({ page, baseURL }) => {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByTestId('learner-account')).toHaveCount(0);
  for (const path of [
    '/api/learner-account',
    '/api/learner-account/login-code',
    '/api/learner-account/data?format=json',
    '/api/learner-account/certificates',
  ]) {
    expect((await apiAs(page.context(), baseURL!, 'GET', path)).status(), path).toBe(403);
  }
});
