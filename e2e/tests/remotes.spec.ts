import { expect, test } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';

test('a remote that fails to load shows a fallback, the layout keeps working, and Retry recovers', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/company/**', (route) => (blocked ? route.abort() : route.continue()));
  await signInWithPassword(page, DEMO.manager);
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('This part of the portal could not be loaded');
  await expect(page.getByText('4.7 Ratings')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  blocked = false;
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
});

test('remotes are loaded from the manifest URLs the server gives', async ({ page }) => {
  const manifests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
  });
  await signInWithPassword(page, DEMO.learner);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  expect(manifests).toContain('/remotes/learner/mf-manifest.json');
});
