import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';

/**
 * Issue 24 item 13: a placeholder is read whole ("Course or certificate co" helps nobody), on a
 * desktop and on a phone, and the course title in the player's bar takes a second line on a phone
 * before it is cut.
 */
const WIDTHS = [1366, 390];

interface Cut {
  placeholder: string;
  needed: number;
  room: number;
}

/** Every visible, empty input whose placeholder is wider than the room inside its box. */
async function cutPlaceholders(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cuts: Cut[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.value || input.offsetParent === null || !input.placeholder) continue;
      const style = getComputedStyle(input);
      canvas.font = style.font;
      const needed = Math.ceil(canvas.measureText(input.placeholder).width);
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room) cuts.push({ placeholder: input.placeholder, needed, room });
    }
    return cuts;
  });
}

async function expectPlaceholdersFit(page: Page, paths: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('input[placeholder]').first()).toBeVisible();
      expect({ width, path, cuts: await cutPlaceholders(page) }).toEqual({ width, path, cuts: [] });
    }
  }
}

test('a learner’s placeholders are read whole', async ({ page }) => {
  await signInWithPassword(page, DEMO.learner);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await expectPlaceholdersFit(page, ['/account']);
});

test('a manager’s placeholders are read whole', async ({ page }) => {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  await expectPlaceholdersFit(page, ['/courses', '/reporting', '/purchase-history']);
});

test('an admin’s placeholders are read whole', async ({ page }) => {
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const { data } = (await (await page.request.get('/api/admin/users?search=learner%40demo.test')).json()) as { data: { id: number }[] };
  await expectPlaceholdersFit(page, ['/admin?tab=learners', '/admin?tab=reports', `/admin/users/${data[0]!.id}`]);
});

test('on a phone the player’s bar gives the course title two lines before cutting it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInWithCode(page, 'DEMOCODE2');
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const body = (await (await page.request.get('/api/learner/dashboard')).json()) as {
    enrollments: { id: number; course: { name: string } }[];
  };
  const enrolment = body.enrollments.find((e) => e.course.name === 'Manual Handling Essentials')!;
  await page.goto(`/learn/${enrolment.id}`);
  const title = page.locator('.player__title');
  await expect(title).toHaveText('Manual Handling Essentials');
  const box = await title.evaluate((el) => ({
    cutAcross: el.scrollWidth > el.clientWidth + 1,
    cutDown: el.scrollHeight > el.clientHeight + 1,
  }));
  await page.screenshot({ path: test.info().outputPath('player-bar-390.png') });
  expect(box).toEqual({ cutAcross: false, cutDown: false });
});
