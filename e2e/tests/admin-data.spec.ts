import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, uniqueTag } from './identity-helpers';

/**
 * Issue 12 items 7–9 in the browser: moving a learner, deleting a depot after being told what it
 * holds, anonymising a learner, and the audit log of all three for admins and for a manager.
 * (services/gateway/test/admin-data.test.ts covers the same over the API.)
 */

// The texts of contracts (USER_MESSAGES, LEARNER_ADMIN_MESSAGES, AUDIT_ACTION_LABELS) as a user reads them.
const USER_MESSAGES = { companyChanged: "User's company successfully changed!" };
const LEARNER_ADMIN_MESSAGES = {
  anonymised: 'Learner anonymised successfully!',
  movedToParent: 'Learners moved to the parent company and depot deleted.',
};
const AUDIT_ACTION_LABELS = {
  'user.moved': 'Learner moved',
  'depot.learners-moved': 'Depot learners moved to parent',
  'user.anonymised': 'Learner anonymised',
};

const enGb = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Signs in and waits to land, so the next page.goto carries the session. */
async function signIn(page: Page, who: { email: string; password: string }) {
  await signInWithPassword(page, who);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Companies, a depot and learners of this run's own, made over the admin's API. */
async function arrange(page: Page, baseURL: string) {
  const tag = uniqueTag();
  const api = async <T>(method: string, path: string, data?: unknown) => {
    const response = await apiAs(page.context(), baseURL, method, path, data);
    expect(response.status(), `${method} ${path}`).toBe(200);
    return (await response.json()) as T;
  };
  const company = (name: string, extra: Record<string, unknown> = {}) =>
    api<{ password: string; data: { id: number } }>('POST', '/api/company/createCompanyAndUser', {
      name,
      manager_name: `Manny ${name}`,
      manager_email: `manager-${name.toLowerCase().replace(/\W+/g, '-')}@e2e.test`,
      credit_balance: 5,
      ...extra,
    });
  const learner = async (name: string, companyId: number) =>
    (await api<{ data: { id: number } }>('POST', '/api/user', { name, company_id: companyId })).data.id;
  const [course] = (await api<{ data: { id: number; name: string }[] }>('GET', '/api/courses?per_page=1&search=Fire%20Safety%20Awareness'))
    .data;

  const from = { name: `From Co ${tag}`, ...(await company(`From Co ${tag}`)) };
  const to = { name: `To Co ${tag}`, email: `manager-to-co-${tag}@e2e.test`, ...(await company(`To Co ${tag}`)) };
  const depot = { name: `North Depot ${tag}`, ...(await company(`North Depot ${tag}`, { parent_id: from.data.id })) };
  const mover = { name: `Mo Mover ${tag}`, id: await learner(`Mo Mover ${tag}`, from.data.id) };
  const depotLearner = { name: `Dee Depot ${tag}`, id: await learner(`Dee Depot ${tag}`, depot.data.id) };
  await api('POST', `/api/user/${depotLearner.id}/enroll`, { course_id: course!.id, force: true });
  const erased = { name: `Erin Erased ${tag}`, id: await learner(`Erin Erased ${tag}`, to.data.id) };
  const passed = await api<{ data: { certificate_code: string | null } }>('POST', `/api/user/${erased.id}/enroll`, {
    course_id: course!.id,
    force: true,
    pass_date: isoDay(new Date()),
  });
  return { tag, course: course!, from, to, depot, mover, depotLearner, erased, certificateCode: passed.data.certificate_code! };
}

test.describe('admin: moving, depot deletion, anonymising and the audit log', () => {
  test('each is done from its screen, said before it happens, and listed in the audit log', async ({ page, baseURL }) => {
    test.slow();
    await signIn(page, DEMO.admin);
    const setup = await arrange(page, baseURL!);

    // 1. Move a learner to another company.
    await page.goto(`/admin/users/${setup.mover.id}`);
    const companyCard = page.locator('.ds-card').filter({ has: page.getByRole('button', { name: 'Change company' }) });
    await companyCard.getByLabel('Search companies').fill(setup.to.name);
    await expect(companyCard.locator('#change-company option', { hasText: setup.to.name })).toHaveCount(1);
    await companyCard.locator('#change-company').selectOption({ label: setup.to.name });
    await companyCard.getByRole('button', { name: 'Change company' }).click();
    await expect(page.getByText(USER_MESSAGES.companyChanged)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('learner-moved.png') });

    // 2. Delete a depot: first what it holds and whether to keep its learners (moving them to the
    // parent), then the spec's modal with its one button.
    await page.goto(`/admin/companies/${setup.from.data.id}`);
    await page.getByRole('button', { name: `Delete ${setup.depot.name}` }).click();
    const question = page.getByRole('dialog', { name: 'Keep the depot’s learners?' });
    await expect(question.getByTestId('depot-deletion-preview')).toContainText('holds 1 learner, 1 manager and 1 enrolment.');
    await page.screenshot({ path: test.info().outputPath('depot-deletion.png') });
    await question.getByRole('button', { name: `Move them to ${setup.from.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Depot' });
    await expect(dialog.getByTestId('depot-deletion-outcome')).toContainText(`move to ${setup.from.name} first`);
    await expect(dialog.getByRole('button')).toHaveCount(2); // the close control and the one action
    await dialog.getByRole('button', { name: 'Delete Depot' }).click();
    await expect(page.getByText(LEARNER_ADMIN_MESSAGES.movedToParent)).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${setup.depot.name}` })).toHaveCount(0);
    const moved = (await (await apiAs(page.context(), baseURL!, 'GET', `/api/user/${setup.depotLearner.id}`)).json()) as {
      data: { company_id: number };
    };
    expect(moved.data.company_id).toBe(setup.from.data.id);

    // 3. Anonymise a learner: the certificate still verifies, with course and dates and no name.
    await page.goto(`/admin/users/${setup.erased.id}`);
    await page.getByRole('button', { name: 'Anonymise learner' }).click();
    const confirm = page.getByRole('dialog', { name: 'Anonymise learner' });
    await expect(confirm).toContainText(`Anonymise ${setup.erased.name}? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Anonymise', exact: true }).click();
    await expect(page.getByText(LEARNER_ADMIN_MESSAGES.anonymised)).toBeVisible();
    await expect(page.getByRole('heading', { name: `Edit ${setup.erased.name}` })).toHaveCount(0);
    await page.goto(`/verify?code=${setup.certificateCode}`);
    const result = page.getByTestId('verify-valid');
    await expect(result).toContainText('This is a valid certificate.');
    await expect(result).toContainText(setup.course.name);
    await expect(result).toContainText(enGb(new Date()));
    await expect(result).not.toContainText('Erin');
    await expect(result).toContainText('Name removed (personal data erased)');
    await page.screenshot({ path: test.info().outputPath('verify-anonymised.png') });

    // 4. The audit log lists them, filtered by action, company and actor (all in the address).
    await signIn(page, DEMO.admin);
    await page.goto('/admin?tab=audit');
    const audit = page.getByTestId('audit-panel');
    await audit.getByLabel('Filter by action').selectOption({ label: AUDIT_ACTION_LABELS['user.moved'] });
    await expect(page).toHaveURL(/action=user\.moved/);
    await listSettled(audit);
    const movedRow = audit.getByRole('row').filter({ hasText: setup.to.name });
    await expect(movedRow).toContainText(AUDIT_ACTION_LABELS['user.moved']);
    await expect(movedRow).toContainText(DEMO.admin.name);
    // By company: this run's receiving company has the move and the anonymising, nothing of the depot.
    await movedRow.getByRole('button', { name: setup.to.name }).click();
    await expect(page).toHaveURL(new RegExp(`company_id=${setup.to.data.id}`));
    await audit.getByLabel('Filter by action').selectOption({ label: 'All actions' });
    await listSettled(audit);
    const body = audit.locator('tbody');
    await expect(body).toContainText(AUDIT_ACTION_LABELS['user.moved']);
    await expect(body).toContainText(AUDIT_ACTION_LABELS['user.anonymised']);
    await expect(body).not.toContainText(AUDIT_ACTION_LABELS['depot.learners-moved']);
    await page.screenshot({ path: test.info().outputPath('audit-by-company.png'), fullPage: true });
    // By actor: the admin's own rows, including the depot's move to its parent.
    await audit.getByRole('button', { name: 'Clear person and company' }).click();
    await audit.getByLabel('Filter by action').selectOption({ label: AUDIT_ACTION_LABELS['depot.learners-moved'] });
    await listSettled(audit);
    const depotRow = audit.getByRole('row').filter({ hasText: setup.from.name }).first();
    await depotRow.getByRole('button', { name: DEMO.admin.name }).click();
    await expect(page).toHaveURL(/actor_id=\d+/);
    await listSettled(audit);
    await expect(audit.getByRole('row').filter({ hasText: setup.from.name }).first()).toContainText(
      AUDIT_ACTION_LABELS['depot.learners-moved'],
    );

    // 5. The receiving company's manager sees their company's rows only.
    await signIn(page, { email: setup.to.email, password: setup.to.password });
    await page.goto('/account');
    const own = page.getByTestId('company-audit');
    await listSettled(own);
    await expect(own.locator('tbody')).toContainText(AUDIT_ACTION_LABELS['user.moved']);
    await expect(own.locator('tbody')).toContainText(AUDIT_ACTION_LABELS['user.anonymised']);
    await expect(own.locator('tbody')).not.toContainText(setup.from.name);
    await expect(own.locator('tbody')).not.toContainText(AUDIT_ACTION_LABELS['depot.learners-moved']);
    await own.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('manager-audit.png') });
  });
});
