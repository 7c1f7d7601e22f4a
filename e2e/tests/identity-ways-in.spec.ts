import { expect, test } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs, linkPath, mailCount, uniqueTag, waitForMail } from './identity-helpers';

test.describe('ways in: emailed sign-in link and password reset, with mail over SMTP', () => {
  test('a manager asks for a sign-in link, follows it once, and it then stops working', async ({ page, baseURL, browser }) => {
    // A fresh manager, so the demo accounts stay as other specs expect them.
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const email = `link-${uniqueTag()}@e2e.test`;
    const created = await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Link Co ${uniqueTag()}`,
      manager_name: 'Lin Kay',
      manager_email: email,
    });
    expect(created.status()).toBe(200);

    const visitor = await browser.newPage({ baseURL: baseURL! });
    await visitor.goto('/login');
    await visitor.getByRole('tab', { name: 'Email me a link' }).click();
    await visitor.getByLabel('Email address').fill(email.toUpperCase());
    await visitor.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(visitor.getByText('Sign-in link sent! Please check your email.')).toBeVisible();

    const mail = await waitForMail(visitor.request, baseURL!, email, 'Your sign-in link');
    const path = linkPath(mail.text);
    expect(path).toMatch(/^\/login\/link\/[\w-]+$/);
    await visitor.goto(path);
    await expect(visitor).toHaveURL(/\/$/);
    await expect(visitor.getByTestId('company-dashboard')).toBeVisible();

    const other = await browser.newPage({ baseURL: baseURL! });
    await other.goto(path);
    await expect(other.getByText('This sign-in link is invalid, has expired or has already been used.')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await visitor.close();
    await other.close();
  });

  test('an unknown email gets the same answer and no mail', async ({ page, baseURL }) => {
    const email = `nobody-${uniqueTag()}@e2e.test`;
    await page.goto('/password/reset');
    await page.getByLabel('Email address').fill(email);
    const answered = page.waitForResponse((response) => response.url().endsWith('/password/email'));
    await page.getByRole('button', { name: 'Send password reset link' }).click();
    // The server decides before it answers whether a mail goes out (none for an unknown address).
    expect((await answered).status()).toBe(200);
    await expect(page.getByText('Password reset link sent! Please check your email.')).toBeVisible();
    expect(await mailCount(page.request, baseURL!, email)).toBe(0);
  });

  test('password reset: request, follow the mailed link, set a new password, sign in with it', async ({ page, baseURL, browser }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const email = `reset-${uniqueTag()}@e2e.test`;
    const created = await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Reset Co ${uniqueTag()}`,
      manager_name: 'Rhea Set',
      manager_email: email,
    });
    const { password: oldPassword } = (await created.json()) as { password: string };

    // Signed in elsewhere: the reset ends that session.
    const elsewhere = await browser.newPage({ baseURL: baseURL! });
    await signInWithPassword(elsewhere, { email, password: oldPassword });
    await expect(elsewhere.getByTestId('company-dashboard')).toBeVisible();

    const visitor = await browser.newPage({ baseURL: baseURL! });
    await visitor.goto('/login');
    await visitor.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(visitor).toHaveURL(/\/password\/reset$/);
    const send = visitor.getByRole('button', { name: 'Send password reset link' });
    await expect(send).toBeDisabled();
    await visitor.getByLabel('Email address').fill(email);
    await send.click();
    await expect(visitor.getByText('Password reset link sent! Please check your email.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    const mail = await waitForMail(visitor.request, baseURL!, email, 'Reset your password');
    const path = linkPath(mail.text);
    expect(path).toMatch(/^\/password\/reset\/[\w-]+\?email=/);
    await visitor.goto(path);
    await expect(visitor.getByLabel('Email address')).toHaveValue(email);
    const reset = visitor.getByRole('button', { name: 'Reset password' });
    await expect(reset).toBeDisabled();
    await visitor.getByLabel('New password', { exact: true }).fill('Fresh-Ladder-2026');
    await expect(reset).toBeDisabled();
    await visitor.getByLabel('Confirm new password').fill('Different-2026');
    await expect(reset).toBeEnabled();
    await reset.click();
    await expect(visitor.getByText('The password confirmation does not match.')).toBeVisible();
    await visitor.getByLabel('Confirm new password').fill('Fresh-Ladder-2026');
    await reset.click();
    await expect(visitor.getByText('Password reset successfully! You can now login with your new password.')).toBeVisible();

    // The link works once: a second use lists the server's error.
    await visitor.goto(path);
    await visitor.getByLabel('New password', { exact: true }).fill('Another-Ladder-2026');
    await visitor.getByLabel('Confirm new password').fill('Another-Ladder-2026');
    await visitor.getByRole('button', { name: 'Reset password' }).click();
    await expect(visitor.getByTestId('server-errors')).toContainText('This password reset link is invalid or has expired.');

    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login/);
    await signInWithPassword(visitor, { email, password: 'Fresh-Ladder-2026' });
    await expect(visitor.getByTestId('company-dashboard')).toBeVisible();
    await visitor.close();
    await elsewhere.close();
  });

  test('repeated wrong passwords lock the account with a clear message', async ({ page, baseURL }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const email = `locked-${uniqueTag()}@e2e.test`;
    await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Lock Co ${uniqueTag()}`,
      manager_name: 'Lock Smith',
      manager_email: email,
    });
    // Leave the signed-in page first, so its requests cannot race the next navigation once the cookies go.
    await page.goto('about:blank');
    await page.context().clearCookies();
    for (let i = 0; i < 5; i++) {
      await signInWithPassword(page, { email, password: 'Wrong-Password-1' });
      await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
    }
    await signInWithPassword(page, { email, password: 'Wrong-Password-1' });
    await expect(page.getByText(/Too many sign-in attempts\. Please try again in \d+ minutes?\./)).toBeVisible();
  });
});
