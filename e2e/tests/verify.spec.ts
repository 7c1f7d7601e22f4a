import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('certificate verification is open to anyone', () => {
  test('a valid code shows the certificate', async ({ page }) => {
    await page.goto('/verify?code=DEMO-CERT-0001');
    const result = page.getByTestId('verify-valid');
    await expect(result).toContainText('This is a valid certificate.');
    await expect(result).toContainText('Manual Handling Essentials');
    await expect(result).toContainText('Lee Carter');
    // Passed and expiry dates in en-GB (dd/mm/yyyy).
    await expect(result).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  });

  test('an unknown code says it is not valid', async ({ page }) => {
    await page.goto('/verify?code=NOT-A-REAL-CODE');
    await expect(page.getByTestId('verify-not-found')).toContainText('Certificate not found or is not valid');
  });

  test('an expired certificate is genuine but clearly marked expired since its date', async ({ page }) => {
    await page.goto('/verify?code=DEMO-CERT-0002');
    const result = page.getByTestId('verify-expired');
    await expect(result).toContainText('This certificate has expired.');
    await expect(result).toContainText(/Expired since \d{2}\/\d{2}\/\d{4}/);
    await expect(page.getByTestId('verify-valid')).toHaveCount(0);
  });

  test('with no code it asks for the QR code, and a typed code can be checked', async ({ page }) => {
    await page.goto('/verify');
    await expect(page.getByText("Scan the QR code on your certificate to check if it's valid or not")).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByLabel('Certificate code').fill('DEMO-CERT-0001');
    await page.getByRole('button', { name: 'Check certificate' }).click();
    await expect(page.getByTestId('verify-valid')).toContainText('This is a valid certificate.');
  });
});
