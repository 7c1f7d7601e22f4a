import { expect, type Page } from '@playwright/test';

/** The README's demo sign-ins (seeded on every fresh e2e database). */
export const DEMO = {
  admin: { email: 'admin@portal.test', password: 'Admin!2345', name: 'Alex Admin' },
  manager: { email: 'manager@demo.test', password: 'Manager!2345', name: 'Morgan Hale' },
  learner: { email: 'learner@demo.test', password: 'Learner!2345', name: 'Lee Carter' },
  codeLearner: { loginCode: 'DEMOCODE1', name: 'Priya Shah' },
} as const;

/**
 * Leaves whatever page was open first: a signed-in page whose session just ended may be sending
 * itself to /logout, and that navigation would abort ours.
 */
async function openSignIn(page: Page) {
  // That page's own way to /login (the gateway sends a signed-out portal address there) can
  // interrupt either navigation: try again until /login is open.
  await expect(async () => {
    if (page.url() !== 'about:blank') await page.goto('about:blank');
    await page.goto('/login');
  }).toPass({ timeout: 15_000 });
}

export async function signInWithPassword(page: Page, who: { email: string; password: string }) {
  await openSignIn(page);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signInWithCode(page: Page, loginCode: string) {
  await openSignIn(page);
  await page.getByRole('tab', { name: 'Login code' }).click();
  await page.getByLabel('Your login code').fill(loginCode);
  await page.getByRole('button', { name: 'Sign in with code' }).click();
}

export async function expectSignedInLayout(page: Page) {
  await expect(page.getByText('4.7 Ratings')).toBeVisible();
  await expect(page.getByText('2000+ Reviews')).toBeVisible();
}
