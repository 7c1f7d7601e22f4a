import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the list tables inside `scope` have their answer: the design system's Table sets
 * aria-busy from the render that asks for new rows, so a check after this reads the new rows, not
 * the stale ones still on screen.
 */
export async function listSettled(scope: Locator): Promise<void> {
  await expect(scope.locator('table[aria-busy="true"]')).toHaveCount(0);
}
