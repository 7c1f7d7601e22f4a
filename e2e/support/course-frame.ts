import type { FrameLocator, Page } from '@playwright/test';

/**
 * The package page a player shows: the player frames the content origin's SCO shell
 * (`[data-testid=course-frame]`), which frames the package inside itself (issue 20).
 */
export function courseContent(page: Page): FrameLocator {
  return page.frameLocator('[data-testid=course-frame]').frameLocator('iframe');
}
