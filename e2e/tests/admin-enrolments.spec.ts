import { expect, test } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, uniqueTag } from './identity-helpers';

interface Course {
  id: number;
  name: string;
  credit_cost: number;
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
const enGb = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

test.describe('admin: a learner’s enrolments', () => {
  test('force-enrol, enrol paid, manual pass with a reason, delete with refund, and back to /admin when none is left', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const api = (method: string, path: string, data?: unknown) => apiAs(page.context(), baseURL!, method, path, data);

    // A company of its own (its credits are not the demo company's) with one learner.
    const managerEmail = `enrol-admin-${tag}@e2e.test`;
    const created = await api('POST', '/api/company/createCompanyAndUser', {
      name: `Enrol Co ${tag}`,
      manager_name: `Eve ${tag}`,
      manager_email: managerEmail,
      credit_balance: 20,
    });
    expect(created.status()).toBe(200);
    const company = (await created.json()) as { password: string; data: { id: number } };
    const learner = await api('POST', '/api/user', { name: `Lou Learner ${tag}`, company_id: company.data.id });
    expect(learner.status()).toBe(200);
    const learnerId = ((await learner.json()) as { data: { id: number } }).data.id;
    const courses = ((await (await api('GET', '/api/courses?per_page=2&sortBy=name')).json()) as { data: Course[] }).data;
    const [paid, forced] = courses as [Course, Course];
    const balance = async () =>
      ((await (await api('GET', `/api/company/${company.data.id}`)).json()) as { data: { credit_balance: number } }).data.credit_balance;

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/users/${learnerId}`);
    const enrolments = page.getByTestId('user-enrolments');
    await expect(enrolments.getByText('This learner has no enrolments yet.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Enrol on a course' });
    await expect(form.getByLabel('Pass date')).toHaveValue(enGb(new Date()));

    const chooseCourse = async (course: Course) => {
      await form.getByLabel('Search courses').fill(course.name.slice(0, 12));
      await expect(form.locator('#enrol-course option', { hasText: course.name })).toHaveCount(1);
      await form.locator('#enrol-course').selectOption({ label: course.name });
    };

    // Paid, not passed: the pass date cleared; the company's credits pay.
    await chooseCourse(paid);
    await form.getByLabel('Pass date').fill('');
    await expect(form.getByLabel('Send pass email')).toBeDisabled();
    // It spends the company's credits, so it asks first (issue 32): learner, course, credits, balance after.
    await form.getByRole('button', { name: 'Enrol' }).click();
    const spend = page.getByRole('dialog', { name: 'Enrol this learner?' });
    const confirm = spend.getByRole('button', { name: `Enrol (${credits(paid.credit_cost)})` });
    await expect(confirm).toBeEnabled();
    await expect(spend.getByTestId('spend-learner')).toHaveText(`Lou Learner ${tag}`);
    await expect(spend.getByTestId('spend-course')).toHaveText(paid.name);
    await expect(spend.getByTestId('spend-credits')).toHaveText(credits(paid.credit_cost));
    await expect(spend.getByTestId('spend-balance-before')).toHaveText(credits(20));
    await expect(spend.getByTestId('spend-balance-after')).toHaveText(credits(20 - paid.credit_cost));
    await expect(spend).toContainText(`Enrol Co ${tag}'s balance after`);
    await page.screenshot({ path: `${test.info().outputDir}/admin-enrol-confirm.png` });
    // Cancel spends nothing.
    await spend.getByRole('button', { name: 'Cancel' }).click();
    await expect(spend).toBeHidden();
    expect(await balance()).toBe(20);
    // Confirm spends once, even clicked twice; asked on a phone this time.
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByRole('button', { name: 'Enrol' }).click();
    await expect(confirm).toBeEnabled();
    await expect(spend.getByTestId('spend-balance-after')).toBeInViewport();
    await page.screenshot({ path: `${test.info().outputDir}/admin-enrol-confirm-390.png` });
    await confirm.dblclick();
    await expect(enrolments.getByText('User successfully enrolled in course!')).toBeVisible();
    await listSettled(enrolments);
    await expect(enrolments.getByRole('row', { name: new RegExp(paid.name) })).toContainText('Not Started');
    await expect(enrolments.locator('tbody tr')).toHaveCount(1);
    expect(await balance()).toBe(20 - paid.credit_cost);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Forced, passed today, with the pass email: no credits spent, a certificate issued.
    await chooseCourse(forced);
    await form.getByLabel(/without spending credits/).check();
    await form.getByLabel('Send pass email').check();
    await form.getByRole('button', { name: 'Enrol' }).click();
    await expect(enrolments.getByText('User successfully enrolled in course!')).toBeVisible();
    await listSettled(enrolments);
    const forcedRow = enrolments.getByRole('row', { name: new RegExp(forced.name) });
    await expect(forcedRow).toContainText('Passed');
    await expect(forcedRow).toContainText(enGb(new Date()));
    await expect(forcedRow.getByRole('link')).toHaveAttribute('href', /\/verify\?code=/);
    expect(await balance()).toBe(20 - paid.credit_cost);

    // Manual pass needs a reason, and keeps it with who and when.
    await enrolments.getByRole('button', { name: `Mark ${paid.name} as passed` }).click();
    const passDialog = page.getByRole('dialog', { name: 'Mark as passed' });
    await passDialog.getByRole('button', { name: 'Mark as passed' }).click();
    await expect(passDialog.getByText('Give a reason for passing this enrolment.')).toBeVisible();
    await passDialog.getByLabel(/^Reason/).fill(`Passed the paper course on site ${tag}`);
    await passDialog.getByRole('button', { name: 'Mark as passed' }).click();
    await expect(enrolments.getByText('Enrollment successfully marked as passed!')).toBeVisible();
    await listSettled(enrolments);
    const paidRow = enrolments.getByRole('row', { name: new RegExp(paid.name) });
    await expect(paidRow).toContainText('Passed');
    await expect(paidRow).toContainText(`By ${DEMO.admin.name} on ${enGb(new Date())}: Passed the paper course on site ${tag}`);
    await page.screenshot({ path: `${test.info().outputDir}/admin-enrolments.png`, fullPage: true });

    // Only admins have these tools.
    const manager = await browser.newPage({ baseURL: baseURL! });
    await signInWithPassword(manager, { email: managerEmail, password: company.password });
    await expect(manager.getByTestId('company-dashboard')).toBeVisible();
    expect((await apiAs(manager.context(), baseURL!, 'GET', `/api/user/${learnerId}/allEnrollment`)).status()).toBe(403);
    await manager.close();

    // Delete asks first and says what goes with it.
    await enrolments.getByRole('button', { name: `Delete the ${forced.name} enrolment` }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete enrolment' });
    await expect(deleteDialog).toContainText(`Are you sure you want to delete the ${forced.name} enrolment?`);
    await expect(deleteDialog).toContainText('certificate');
    await deleteDialog.getByRole('button', { name: 'Delete enrolment' }).click();
    await expect(enrolments.getByText(/^Enrollment successfully deleted!/)).toBeVisible();
    await listSettled(enrolments);
    await expect(enrolments.getByRole('row', { name: new RegExp(forced.name) })).toHaveCount(0);

    await enrolments.getByRole('button', { name: `Delete the ${paid.name} enrolment` }).click();
    await page.getByRole('dialog', { name: 'Delete enrolment' }).getByRole('button', { name: 'Delete enrolment' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(((await (await api('GET', `/api/user/${learnerId}/allEnrollment`)).json()) as { data: unknown[] }).data).toEqual([]);
  });

  test('a paid enrolment not yet started is refunded when deleted', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const api = (method: string, path: string, data?: unknown) => apiAs(page.context(), baseURL!, method, path, data);
    const created = await api('POST', '/api/company/createCompanyAndUser', {
      name: `Refund Co ${tag}`,
      manager_name: `Rae ${tag}`,
      manager_email: `refund-${tag}@e2e.test`,
      credit_balance: 10,
    });
    const companyId = ((await created.json()) as { data: { id: number } }).data.id;
    const learnerIds: number[] = [];
    for (const name of ['One', 'Two']) {
      const response = await api('POST', '/api/user', { name: `Rita ${name} ${tag}`, company_id: companyId });
      learnerIds.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    const course = ((await (await api('GET', '/api/courses?per_page=1&sortBy=name')).json()) as { data: Course[] }).data[0]!;
    // Two enrolments, so deleting one leaves the admin on the screen.
    expect((await api('POST', `/api/user/${learnerIds[0]}/enroll`, { course_id: course.id })).status()).toBe(200);
    expect((await api('POST', `/api/user/${learnerIds[0]}/enroll`, { course_id: course.id, force: true })).status()).toBe(200);

    await page.goto(`/admin/users/${learnerIds[0]}`);
    const enrolments = page.getByTestId('user-enrolments');
    await listSettled(enrolments);
    await expect(enrolments.locator('tbody tr')).toHaveCount(2);
    // The older, paid one (the list is newest first).
    await enrolments
      .locator('tbody tr')
      .last()
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete enrolment' });
    await expect(dialog).toContainText('refunded');
    await dialog.getByRole('button', { name: 'Delete enrolment' }).click();
    await expect(
      enrolments.getByText(
        `Enrollment successfully deleted! ${course.credit_cost} credit${course.credit_cost === 1 ? ' was' : 's were'} refunded.`,
      ),
    ).toBeVisible();
    const ledger = (await (await api('GET', `/api/company/${companyId}/credit-ledger?kind=refund`)).json()) as {
      data: { amount: number }[];
    };
    expect(ledger.data.map((row) => row.amount)).toEqual([course.credit_cost]);
  });
});
