import { expect, test } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs, createCompanyWithManager, linkPath, uniqueTag, waitForMail } from './identity-helpers';

/** A real PNG of the given size. */
function png(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the account area', () => {
  test('a manager edits login details, notifications, the logo and a depot, and deletes the depot', async ({ page, baseURL }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const companyName = `Account Co ${uniqueTag()}`;
    const manager = await createCompanyWithManager(page, baseURL!, companyName);
    const depotName = `North Yard ${uniqueTag()}`;
    const depot = await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: depotName,
      manager_name: 'Depot Dee',
      manager_email: `depot-${uniqueTag()}@e2e.test`,
      parent_id: manager.companyId,
    });
    expect(depot.status()).toBe(200);
    const depotId = ((await depot.json()) as { data: { id: number } }).data.id;
    await page.context().clearCookies();

    await signInWithPassword(page, manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    await page.getByRole('link', { name: 'Organisation Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const account = page.getByTestId('account-page');
    await expect(account.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(account.getByTestId('company-managers')).toContainText(manager.managerName);
    await expect(account.getByText('To remove an administrator, please contact support')).toBeVisible();

    // Login details: a blank password changes nothing; the name changes.
    await account.getByLabel('Name', { exact: true }).fill('Manny Renamed');
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('Login details updated successfully!')).toBeVisible();
    await account.getByLabel('Email address').fill('not-an-email');
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('Enter a valid email address.')).toBeVisible();
    // A new email needs the current password (issue 13 item 5): its error shows under that field,
    // then with it the change is saved and the old address is told.
    const newEmail = `moved-${uniqueTag()}@e2e.test`;
    await account.getByLabel('Email address').fill(newEmail);
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('Enter your current password to change your email address or password.')).toBeVisible();
    await account.getByLabel('Current password').fill('not-my-password');
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('That is not your current password.')).toBeVisible();
    await account.getByRole('form', { name: 'Login details' }).screenshot({ path: `${test.info().outputDir}/login-details-error.png` });
    await account.getByLabel('Current password').fill(manager.password);
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('Login details updated successfully!')).toBeVisible();
    await expect(account.getByLabel('Current password')).toHaveValue('');
    expect((await waitForMail(page.request, baseURL!, manager.email, 'Your email address was changed')).text).toContain(newEmail);
    // And back, so the rest of the spec signs in as before.
    await account.getByLabel('Email address').fill(manager.email);
    await account.getByLabel('Current password').fill(manager.password);
    await account.getByRole('button', { name: 'Save login details' }).click();
    await expect(account.getByText('Login details updated successfully!')).toBeVisible();

    // Notifications.
    await account.getByLabel(/Email expiry reports/).uncheck();
    await account.getByRole('button', { name: 'Save notification settings' }).click();
    await expect(account.getByText('Notification settings updated successfully!')).toBeVisible();

    // Logo: too large is refused before upload; a 200x120 image uploads with progress and shows.
    await expect(account.getByText('Changes can take up to 5 minutes to appear.')).toBeVisible();
    const input = account.getByLabel('Choose a logo image');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(300, 100) });
    await expect(account.getByText('The logo may be at most 256x256 pixels. This image is 300x100.')).toBeVisible();
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(200, 120) });
    await expect(account.getByText('Company logo updated successfully!')).toBeVisible();
    const logo = account.getByTestId('company-logo');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([200, 120]);
    await page.screenshot({ path: `${test.info().outputDir}/account.png`, fullPage: true });

    // Depot: edit, then the delete modal with the spec's exact texts.
    await account.getByRole('link', { name: `Edit ${depotName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/account/depot/${depotId}$`));
    await account.getByLabel('Depot name').fill(`${depotName} Two`);
    await account.getByRole('button', { name: 'Save depot' }).click();
    await expect(account.getByText('Depot updated successfully!')).toBeVisible();
    await account.getByRole('button', { name: 'Delete Depot' }).click();
    const modal = page.getByRole('dialog', { name: 'Delete Depot' });
    await expect(modal).toContainText(`Are you sure you want to delete the ${depotName} Two depot? This action can not be undone.`);
    await expect(modal.getByRole('button')).toHaveCount(2); // the close control and the one action
    await expect(modal.getByRole('button', { name: 'Delete Depot' })).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/delete-depot.png` });
    await modal.getByRole('button', { name: 'Delete Depot' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/account$/);
    await expect(account.getByText('Depot deleted successfully!')).toBeVisible();
    await expect(account.getByText('You have no depots yet.')).toBeVisible();
  });

  test('a manager without a password sets one through a mailed link from the account page', async ({ page, browser, baseURL }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const manager = await createCompanyWithManager(page, baseURL!, `No Password Co ${uniqueTag()}`);
    const email = `nopass-${uniqueTag()}@e2e.test`;
    const added = await apiAs(page.context(), baseURL!, 'POST', '/api/user', {
      name: 'Noah Pass',
      email,
      role: 'manager',
      company_id: manager.companyId,
    });
    expect(added.status()).toBe(200);

    // In by an emailed sign-in link (the account has no password).
    const visitor = await browser.newPage({ baseURL: baseURL! });
    await visitor.goto('/login');
    await visitor.getByRole('tab', { name: 'Email me a link' }).click();
    await visitor.getByLabel('Email address').fill(email);
    await visitor.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await visitor.goto(linkPath((await waitForMail(visitor.request, baseURL!, email, 'Your sign-in link')).text));
    await expect(visitor.getByTestId('company-dashboard')).toBeVisible();

    await visitor.goto('/account');
    const form = visitor.getByRole('form', { name: 'Login details' });
    await expect(form.getByText('Your account has no password yet. To change your email address, set a password first.')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveCount(0);
    await form.getByRole('button', { name: 'Email me a link to set a password' }).click();
    await expect(form.getByText('We have emailed you a link. Open it within 60 minutes to choose your password.')).toBeVisible();
    await form.screenshot({ path: `${test.info().outputDir}/login-details-no-password.png` });

    await visitor.goto(linkPath((await waitForMail(visitor.request, baseURL!, email, 'Reset your password')).text));
    await visitor.getByLabel('New password', { exact: true }).fill('Chosen-Ladder-2026');
    await visitor.getByLabel('Confirm new password').fill('Chosen-Ladder-2026');
    await visitor.getByRole('button', { name: 'Reset password' }).click();
    await expect(visitor.getByText('Password reset successfully! You can now login with your new password.')).toBeVisible();
    await visitor.context().clearCookies();
    await signInWithPassword(visitor, { email, password: 'Chosen-Ladder-2026' });
    await expect(visitor.getByTestId('company-dashboard')).toBeVisible();
    await visitor.goto('/account');
    await expect(visitor.getByRole('form', { name: 'Login details' }).getByLabel('Current password')).toBeVisible();
    await visitor.close();
  });

  test('a learner has no account area', async ({ page }) => {
    await signInWithPassword(page, DEMO.learner);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto('/account');
    await expect(page.getByTestId('account-page')).toHaveCount(0);
  });
});
