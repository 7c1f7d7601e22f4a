import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { callOk, seedCompany, uniqueTag } from '../support/seed';

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

/**
 * Issue 32 item 7: words in `root` that are cut: broken across lines inside a word (a break after
 * @, a dot, a hyphen, a slash or an underscore is not inside one), or drawn past the edge of the
 * screen or of a box that hides or scrolls what overflows it.
 */
async function cutWords(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const cuts: string[] = [];
    const visibleSpan = (node: Element) => {
      let [left, right] = [0, document.documentElement.clientWidth];
      for (let box = node.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const rect = box.getBoundingClientRect();
        [left, right] = [Math.max(left, rect.left), Math.min(right, rect.right)];
      }
      return { left, right };
    };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.ds-visually-hidden') || !parent.checkVisibility()) continue;
      const span = visibleSpan(parent);
      // Pieces of words between the places a word may break: 'fitzwilliam-' 'hargreaves@' 'example.'
      for (const piece of node.data.matchAll(/[^\s@./_-]+[@./_-]*|[@./_-]+/g)) {
        const range = document.createRange();
        range.setStart(node, piece.index);
        range.setEnd(node, piece.index + piece[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        const box = range.getBoundingClientRect();
        if (lines.size > 1 || box.left < span.left - 1 || box.right > span.right + 1) cuts.push(piece[0]);
      }
    }
    return cuts;
  });
}

test('the company dashboard’s courses table is read whole at 1366 and 390 px', async ({ page }) => {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  const courses = page.getByRole('table', { name: 'Courses' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /^View Fire Safety Awareness$/ })).toBeVisible();
    await courses.screenshot({ path: test.info().outputPath(`dashboard-courses-${width}.png`) });
    expect({ width, cuts: await cutWords(courses) }).toEqual({ width, cuts: [] });
  }
});

/** A spreadsheet whose rows are as long as real ones get: a double-barrelled name, a long address, an existing learner, a bad email. */
async function longRowsSpreadsheet() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  sheet.addRow(['Name', 'Email']);
  sheet.addRow(['Bartholomew Fitzwilliam-Hargreaves', 'bartholomew.fitzwilliam-hargreaves@northern-construction.example.co.uk']);
  sheet.addRow([DEMO.learner.name, DEMO.learner.email]);
  sheet.addRow(['Anastasia Konstantinopoulou', 'not-an-email-address']);
  sheet.addRow(['Jo Li', null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('the wizard’s bulk-upload rows are read whole at 1366 and 390 px', async ({ page }) => {
  await signInWithPassword(page, DEMO.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  await page.goto('/enrolments/create/v2');
  const wizard = page.getByTestId('enrol-wizard');
  // Any of the demo company's selected courses; nothing is enrolled (the rows are only reviewed).
  await wizard.getByTestId('enrol-course').first().getByRole('checkbox').check();
  await wizard.getByRole('button', { name: 'Next: Add Employees' }).click();
  await wizard.getByRole('tab', { name: 'Bulk upload' }).click();
  await wizard.getByLabel('Choose a spreadsheet').setInputFiles({
    name: 'people.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await longRowsSpreadsheet(),
  });
  const rows = wizard.getByRole('table', { name: 'Spreadsheet rows' });
  await expect(rows.getByText('Bartholomew Fitzwilliam-Hargreaves')).toBeVisible();
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize({ width, height: 900 });
    await rows.screenshot({ path: test.info().outputPath(`bulk-rows-${width}.png`) });
    expect({ width, cuts: await cutWords(rows) }).toEqual({ width, cuts: [] });
  }
});

test('the admin’s learners list shows every email whole at 1366 and 390 px, wrapped only after its @ and dots', async ({
  page,
  baseURL,
}) => {
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  // A learner of a company of its own, with an address as long as real ones get.
  const tag = uniqueTag();
  const company = await seedCompany(page.context(), baseURL!, { name: `Long Mail Co ${tag}` });
  await callOk(page.context(), baseURL!, 'POST', '/api/user', {
    data: {
      name: `Bartholomew Fitzwilliam-Hargreaves ${tag}`,
      email: `bartholomew.fitzwilliam-hargreaves.${tag}@northern-construction.example.co.uk`,
      company_id: company.id,
    },
  });
  // Only this spec's learners are looked at: other specs add learners of every shape to the whole list.
  await callOk(page.context(), baseURL!, 'POST', '/api/user', {
    data: { name: `Jo Short ${tag}`, email: `jo.${tag}@demo.test`, company_id: company.id },
  });
  const panel = page.getByTestId('learners-panel');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin?tab=learners&search=${tag}`);
    await expect(panel.getByText(/northern-construction/).first()).toBeVisible();
    await expect(panel.getByText(/@demo\.test/).first()).toBeVisible();
    await listSettled(panel);
    await panel.screenshot({ path: test.info().outputPath(`admin-learners-${width}.png`) });
    expect({ width, cuts: await cutWords(panel) }).toEqual({ width, cuts: [] });
  }
});

test('the admin’s edit-learner page shows its empty tables’ text whole at 1366 and 390 px', async ({ page, baseURL }) => {
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const company = await seedCompany(page.context(), baseURL!, { name: `Empty Tables Co ${uniqueTag()}` });
  const learner = (await callOk(page.context(), baseURL!, 'POST', '/api/user', {
    data: { name: `Nell Newcomer ${uniqueTag()}`, company_id: company.id },
  })) as { data: { id: number } };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/users/${learner.data.id}`);
    for (const [name, empty] of [
      ['Enrolments', 'This learner has no enrolments yet.'],
      ['Certificates', 'This learner holds no certificates yet.'],
    ] as const) {
      const table = page.getByRole('region', { name });
      await expect(table.getByText(empty)).toBeVisible();
      await table.screenshot({ path: test.info().outputPath(`edit-learner-${name.toLowerCase()}-${width}.png`) });
      expect({ width, name, cuts: await cutWords(table) }).toEqual({ width, name, cuts: [] });
    }
  }
});
