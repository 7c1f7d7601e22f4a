import { expect, test } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { apiAs, uniqueTag } from './identity-helpers';
import { seedCompany } from '../support/seed';

test.describe('admin: Learners and Companies', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
  });

  test('learners: search, sort and pages live in the address; add, edit, move and delete a user', async ({ page, baseURL }) => {
    const tag = uniqueTag();
    // In a company of their own (its name without the tag the list is searched for): the demo
    // company's learners stay as the specs running alongside read them.
    const company = await seedCompany(page.context(), baseURL!, { name: `Zed Co ${uniqueTag()}` });
    for (let i = 0; i < 17; i++) {
      const r = await apiAs(page.context(), baseURL!, 'POST', '/api/user', {
        name: `Zed ${tag} ${String(i).padStart(2, '0')}`,
        company_id: company.id,
      });
      expect(r.status()).toBe(200);
    }
    await page.goto('/admin?tab=learners');
    const panel = page.getByTestId('learners-panel');
    await panel.getByLabel('Search learners').fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(panel.getByText('Page 1 of 2')).toBeVisible();
    await panel.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sortBy=name&sortDir=asc/);
    await listSettled(panel);
    await expect(panel.locator('tbody tr').first()).toContainText(`Zed ${tag} 00`);
    await panel.getByRole('button', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sortDir=desc/);
    await expect(panel.locator('tbody tr').first()).toContainText(`Zed ${tag} 16`);
    await panel.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(panel.getByText('Page 2 of 2')).toBeVisible();
    await expect(panel.locator('tbody tr')).toHaveCount(2);
    await page.screenshot({ path: `${test.info().outputDir}/learners.png`, fullPage: true });
    // The address alone restores the list.
    await page.reload();
    await expect(page.getByTestId('learners-panel').getByText('Page 2 of 2')).toBeVisible();

    // Add user: a manager needs an email, checked before sending.
    await page.goto('/admin?tab=learners');
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/new$/);
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', /\/admin/);
    await expect(page.getByLabel('Role')).toHaveValue('learner');
    expect(await page.getByLabel('Role').locator('option').allTextContents()).toEqual(['Learner', 'Manager']);
    await page.getByLabel('Name', { exact: true }).fill(`Nina ${tag}`);
    await page.getByLabel('Role').selectOption('manager');
    await page.getByLabel('Search companies').fill(company.name);
    await page.locator('#user-company').selectOption({ label: company.name });
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('Email is required for manager role')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(DEMO.learner.email);
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('A user with this email already exists')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(`nina-${tag}@e2e.test`);
    await page.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('User successfully created!')).toBeVisible();

    // Edit, change company, delete.
    await page.goto(`/admin?tab=learners&search=nina-${tag}`);
    await page.getByTestId('learners-panel').getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByTestId('edit-user')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(`Nina Renamed ${tag}`);
    await page.getByRole('button', { name: 'Save user' }).click();
    await expect(page.getByText('User successfully updated!')).toBeVisible();
    await page.getByLabel('Search companies').fill('North');
    await page.locator('#change-company').selectOption({ label: 'North Depot (depot)' });
    await page.getByRole('button', { name: 'Change company' }).click();
    await expect(page.getByText("User's company successfully changed!")).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.getByTestId('learners-panel').getByLabel('Search learners').fill(`Nina Renamed ${tag}`);
    // Wait for the searched list itself (the old rows and a loading row come first).
    await expect(page).toHaveURL(/search=Nina/);
    const renamedRow = page.getByTestId('learners-panel').locator('tbody tr', { hasText: `Nina Renamed ${tag}` });
    await expect(renamedRow).toHaveCount(1);
    await expect(page.getByTestId('learners-panel').locator('tbody tr')).toHaveCount(1);
    await expect(renamedRow).toContainText('North Depot');
    await page.getByTestId('learners-panel').getByRole('button', { name: 'Delete' }).click();
    const modal = page.getByRole('dialog', { name: 'Delete learner' });
    await expect(modal).toContainText('Deleting a learner also deletes all of their enrollments.');
    await modal.getByRole('button', { name: 'Delete learner' }).click();
    await expect(page.getByTestId('learners-panel').getByText('No learners match your search.')).toBeVisible();
  });

  test('companies: add shows the password once, edit with depots, mimic and un-mimic, delete', async ({ page, browser, baseURL }) => {
    const tag = uniqueTag();
    await page.goto('/admin?tab=companies');
    await page.getByTestId('companies-panel').getByRole('link', { name: 'Add company' }).click();
    await expect(page).toHaveURL(/\/admin\/companies\/new$/);
    await page.getByLabel('Company name').fill(`Acme ${tag}`);
    await page.getByLabel('Manager name').fill('Ada Acme');
    await page.getByLabel('Manager email').fill(DEMO.manager.email);
    await page.getByRole('button', { name: 'Add company' }).click();
    await expect(page.getByText('A user with this email already exists').first()).toBeVisible();
    const email = `ada-${tag}@e2e.test`;
    await page.getByLabel('Manager email').fill(email);
    await page.getByLabel('Credit balance').fill('12');
    await page.getByRole('button', { name: 'Add company' }).click();
    await expect(page.getByText('Company successfully created!')).toBeVisible();
    const password = (await page.getByTestId('generated-password').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await page.screenshot({ path: `${test.info().outputDir}/add-company.png`, fullPage: true });

    const managerPage = await browser.newPage({ baseURL: baseURL! });
    await signInWithPassword(managerPage, { email, password });
    await expect(managerPage.getByTestId('company-dashboard')).toContainText(`Acme ${tag}`);
    await managerPage.close();

    // A depot, then edit the company: choosing it loads its depots.
    const companyId = Number(
      (
        (await (await apiAs(page.context(), baseURL!, 'GET', `/api/admin/companies?search=Acme%20${tag}`)).json()) as {
          data: { id: number }[];
        }
      ).data[0]!.id,
    );
    await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Acme Yard ${tag}`,
      manager_name: 'Yard Y',
      manager_email: `yard-${tag}@e2e.test`,
      parent_id: companyId,
    });
    await page.goto(`/admin?tab=companies&search=Acme%20${tag}`);
    await page.getByTestId('companies-panel').getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByTestId('edit-company')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Depots' })).toContainText(`Acme Yard ${tag}`);
    // A cleared balance is an error under the field, never 0 credits (issue 13 item 7).
    await page.getByLabel('Credit balance').fill('');
    await page.getByRole('button', { name: 'Save company' }).click();
    await expect(page.getByText('Enter a credit balance (0 for none): a blank balance is not taken as 0.')).toBeVisible();
    await page.getByTestId('edit-company').screenshot({ path: `${test.info().outputDir}/credit-balance-blank.png` });
    await page.getByLabel('Credit balance').fill('30');
    // A changed balance needs a reason (issue 9: it becomes the ledger's adjustment row).
    await page.getByLabel('Reason for the change').fill('Balance corrected in the e2e run');
    await page.getByRole('button', { name: 'Save company' }).click();
    await expect(page.getByText('Company successfully updated!')).toBeVisible();
    await page.getByRole('button', { name: `Edit Acme Yard ${tag}` }).click();
    await page.getByRole('dialog').getByLabel('Depot name').fill(`Acme Yard Two ${tag}`);
    await page.getByRole('dialog').getByLabel('Credit balance').fill('4');
    await page.getByRole('dialog').getByLabel('Reason for the change').fill('Depot balance corrected in the e2e run');
    await page.getByRole('dialog').getByRole('button', { name: 'Save depot' }).click();
    await expect(page.getByText('Depot updated successfully!')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Depots' })).toContainText(`Acme Yard Two ${tag}`);
    await page.getByRole('button', { name: `Delete Acme Yard Two ${tag}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Depot' })).toContainText(
      `Are you sure you want to delete the Acme Yard Two ${tag} depot? This action can not be undone.`,
    );
    await page.getByRole('dialog', { name: 'Delete Depot' }).getByRole('button', { name: 'Delete Depot' }).click();
    await expect(page.getByText('Depot deleted successfully!')).toBeVisible();
    await expect(page.getByText('This company has no depots.')).toBeVisible();

    // Mimic: the admin acts for the company, the Un-mimic link shows only meanwhile.
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page.getByTestId('unmimic')).toHaveCount(0);
    await page.getByTestId('companies-panel').getByLabel('Search companies').fill(`Acme ${tag}`);
    await page.getByRole('button', { name: `Mimic Acme ${tag}` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('company-dashboard')).toContainText(`Acme ${tag}`);
    // The success notice survives the reload into the company's portal (issue 24 item 16), and shows once.
    await expect(page.getByTestId('page-notice')).toContainText('Successfully mimicked the company!');
    await page.screenshot({ path: `${test.info().outputDir}/mimic-notice-1366.png` });
    await expect(page.getByTestId('unmimic')).toBeVisible();
    await page.goto('/account');
    await expect(page.getByTestId('company-managers')).toContainText('Ada Acme');
    await expect(page.getByTestId('company-managers')).not.toContainText(DEMO.admin.name);
    await page.getByTestId('unmimic').click();
    await expect(page.getByTestId('unmimic')).toHaveCount(0);

    // Delete with the cascade warning.
    await page.goto(`/admin?tab=companies&search=Acme%20${tag}`);
    await page.getByTestId('companies-panel').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete company' })).toContainText(
      'also deletes its users, its depots and all of their enrollments',
    );
    await page.getByRole('dialog', { name: 'Delete company' }).getByRole('button', { name: 'Delete company' }).click();
    await expect(page.getByTestId('companies-panel').getByText('No companies match your search.')).toBeVisible();
  });
});
