import { expect, test, type Browser } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs } from '../support/seed';

/**
 * The Site settings are one row every page shows (header, footer, sign-in): these specs change
 * them and put them back, so playwright.config.ts runs this file on its own, after the parallel
 * specs (issue 12's leftovers, items 7 and 8; the admin's Site tab).
 */
const DEFAULT_SITE_SETTINGS = {
  help_email: 'help@safetytraining.test',
  shop_url: 'https://shop.safetytraining.test',
  credit_purchase_url: 'https://shop.safetytraining.test/credits',
  help_url: 'https://safetytraining.test/help',
  privacy_url: 'https://safetytraining.test/privacy',
  terms_url: 'https://safetytraining.test/terms',
  rating_text: '4.7 Ratings',
  reviews_text: '2000+ Reviews',
  support_contact: 'Call 0800 000 0000, Monday to Friday, 9am to 5pm',
};

/** The demo admin in a browser context of its own, calling the API. */
async function adminSession(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const response = await apiAs(context, baseURL, method, path, data);
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };
  return { context, call };
}

const shotDir = () => test.info().outputDir;

test.describe('Site tab', () => {
  test('edits the settings, refuses bad addresses, and the header and footer show them', async ({ page, baseURL }) => {
    await signInWithPassword(page, DEMO.admin);
    await expect(page).not.toHaveURL(/\/login/);
    try {
      await page.goto('/admin?tab=site');
      const panel = page.getByTestId('site-panel');
      await expect(panel.getByLabel('Help email')).toHaveValue(DEFAULT_SITE_SETTINGS.help_email);
      await panel.getByLabel('Privacy policy address').fill('javascript:alert(1)');
      await panel.getByRole('button', { name: 'Save settings' }).click();
      await expect(panel.locator('#site-privacy_url-error')).toHaveText(
        'The privacy policy address must be a web address starting with https:// or http://.',
      );
      await expect(panel.getByLabel('Privacy policy address')).toHaveAttribute('aria-invalid', 'true');

      await panel.getByLabel('Privacy policy address').fill('https://example.test/privacy-e2e');
      await panel.getByLabel('Help email').fill('help-e2e@example.test');
      await panel.getByLabel('Rating strip: rating text').fill('4.9 Ratings');
      await panel.getByLabel('Support contact').fill('Call 01234 000000');
      await panel.getByRole('button', { name: 'Save settings' }).click();
      await expect(panel.getByText('Site settings saved!')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('site-tab.png'), fullPage: true });

      await page.reload();
      await expect(page.getByTestId('rating-strip')).toContainText('4.9 Ratings');
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: 'help-e2e@example.test' })).toHaveAttribute('href', 'mailto:help-e2e@example.test');
      await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://example.test/privacy-e2e');
      await expect(footer.getByTestId('support-contact')).toHaveText('Call 01234 000000');
    } finally {
      // Other specs expect the default texts.
      expect((await apiAs(page.context(), baseURL!, 'PUT', '/api/admin/settings', DEFAULT_SITE_SETTINGS)).status()).toBe(200);
    }
  });
});

test.describe('Site settings reach the pages (issue 12 leftovers, items 7 and 8)', () => {
  test('what an admin saves shows on sign-in, in the footer and on the credit links', async ({ browser, baseURL }) => {
    const admin = await adminSession(browser, baseURL!);
    const before = (await admin.call<{ data: Record<string, string> }>('GET', '/api/admin/settings')).data;
    const edited = {
      ...before,
      help_email: 'desk@site-settings.test',
      privacy_url: 'https://site-settings.test/privacy',
      support_contact: 'Ring 01234 567890 any weekday',
      credit_purchase_url: 'https://buy.site-settings.test/credits',
    };
    try {
      await admin.call('PUT', '/api/admin/settings', edited);

      // Signed out (a fresh browser: the public answer may be cached a minute).
      const visitor = await browser.newContext({ baseURL: baseURL! });
      const page = await visitor.newPage();
      await page.goto('/login');
      await expect(page.getByText('Having trouble? Email')).toContainText('desk@site-settings.test');
      await expect(page.getByText('Having trouble? Email').getByRole('link')).toHaveAttribute('href', 'mailto:desk@site-settings.test');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://site-settings.test/privacy');
      await expect(footer.getByTestId('support-contact')).toHaveText('Ring 01234 567890 any weekday');
      await page.screenshot({ path: `${shotDir()}/login-settings.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shotDir()}/login-settings-390.png`, fullPage: true });

      // Signed in, the shell's settings: the credit pill buys at the saved address, the footer says the saved contact.
      // (The learner remote's Renew link reads the same store: course-card-renew.test.tsx.)
      await page.setViewportSize({ width: 1280, height: 800 });
      await signInWithPassword(page, DEMO.manager);
      await expect(page.getByTestId('company-dashboard')).toBeVisible();
      await expect(page.getByTestId('header-credits')).toHaveAttribute('href', 'https://buy.site-settings.test/credits');
      await expect(page.getByRole('contentinfo').getByTestId('support-contact')).toHaveText('Ring 01234 567890 any weekday');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'desk@site-settings.test' })).toBeVisible();
      await visitor.close();
    } finally {
      await admin.call('PUT', '/api/admin/settings', before);
      await admin.context.close();
    }
  });
});
