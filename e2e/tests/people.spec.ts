import ExcelJS from 'exceljs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { listSettled } from '../support/lists';
import { DEMO, signInWithPassword } from '../support/personas';
import { apiAs, seedCompany, seedDepot, seedEnrolments, seedLearner, uniqueTag, type SeededLearner } from '../support/seed';

// Screenshots of each view: written beside the test's other output, so they can be looked at.
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const peoplePage = (page: Page) => page.getByTestId('people-page');
const rows = (page: Page) => peoplePage(page).locator('tbody tr');
const names = async (page: Page) => {
  await listSettled(peoplePage(page));
  return (await rows(page).locator('.people-name').allInnerTexts()).map((n) => n.trim());
};

interface World {
  admin: BrowserContext;
  company: Awaited<ReturnType<typeof seedCompany>>;
  north: { id: number; name: string };
  learners: SeededLearner[];
  /** A learner without enrolments (to remove) and one with (to anonymise). */
  loner: SeededLearner;
  enrolled: SeededLearner;
}

/** A company of our own: two depots, twelve learners (four in the North depot), one of them enrolled. */
async function seedWorld(browser: Browser, baseURL: string): Promise<World> {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const tag = uniqueTag();
  const company = await seedCompany(admin, baseURL, { name: `People Co ${tag}`, credits: 50 });
  const north = await seedDepot(admin, baseURL, company.id, `North depot ${tag}`);
  await seedDepot(admin, baseURL, company.id, `South depot ${tag}`);
  const first = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kit', 'Quinn'];
  const learners: SeededLearner[] = [];
  for (const [i, name] of first.entries())
    learners.push(
      await seedLearner(admin, baseURL, i % 3 === 0 ? north.id : company.id, {
        name: `${name} Person`,
        ...(i % 2 ? { email: `${name.toLowerCase()}-${tag}@e2e.test` } : {}),
      }),
    );
  const enrolled = learners[1]!;
  await seedEnrolments(admin, baseURL, company.id, [enrolled.id]);
  return { admin, company, north, learners, loner: learners[2]!, enrolled };
}

test.describe('People (/people) for a manager', () => {
  let world: World;
  test.beforeAll(async ({ browser, baseURL }) => {
    world = await seedWorld(browser, baseURL!);
  });
  test.afterAll(async () => world.admin.close());

  test('search, depot filter, sort, pages; a person edited, given a new code, removed, anonymised; two enrolled', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInWithPassword(page, world.company.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'People', exact: true }).first().click();
    await expect(page).toHaveURL(/\/people$/);
    expect(await names(page)).toHaveLength(12);
    await expect(peoplePage(page).getByText('Showing 1–12 of 12 people')).toBeVisible();
    await shot(page, 'people-1366');

    // Search (name, email or login code).
    await peoplePage(page).getByLabel('Search people').fill('Quinn');
    await expect(page).toHaveURL(/search=Quinn/);
    expect(await names(page)).toEqual(['Quinn Person']);
    await peoplePage(page).getByLabel('Search people').fill(world.learners[4]!.loginCode);
    await expect.poll(() => names(page)).toEqual(['Eve Person']);
    await peoplePage(page).getByLabel('Search people').fill('');
    await expect(page).not.toHaveURL(/search=/);

    // The depot filter: the North depot's four.
    await peoplePage(page).getByRole('combobox', { name: 'Depot' }).selectOption({ label: world.north.name });
    await expect(page).toHaveURL(new RegExp(`depot_id=${world.north.id}`));
    expect(await names(page)).toEqual(['Ada Person', 'Dev Person', 'Gus Person', 'Jo Person']);
    await peoplePage(page).getByRole('combobox', { name: 'Depot' }).selectOption({ label: 'All depots' });
    await expect(page).not.toHaveURL(/depot_id/);

    // Sort by name, descending, and ten a page.
    await peoplePage(page).getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order_by=name/);
    await peoplePage(page).getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/order_dir=desc/);
    expect((await names(page))[0]).toBe('Quinn Person');
    await peoplePage(page).getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    expect(await names(page)).toHaveLength(10);
    await peoplePage(page).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(await names(page)).toEqual(['Ben Person', 'Ada Person']);

    // Select two and follow Enrol: the wizard's address carries their ids.
    const [ben, ada] = [world.learners[1]!, world.learners[0]!];
    await peoplePage(page).getByLabel('Select Ben Person').check();
    await peoplePage(page).getByLabel('Select Ada Person').check();
    await expect(peoplePage(page).getByText('2 people selected')).toBeVisible();
    await shot(page, 'people-selection-1366');
    // Their sign-in slips, one PDF for the two.
    const slips = page.waitForEvent('download');
    await peoplePage(page).getByRole('group', { name: 'Chosen people' }).getByRole('button', { name: 'Download sign-in slips' }).click();
    expect((await slips).suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_sign_in_slips\.pdf$/);
    // Export the two: a workbook named for today, the two of them in it.
    const downloading = page.waitForEvent('download');
    await peoplePage(page).getByRole('button', { name: 'Export selected (.xlsx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^\d{2}-\d{2}-\d{4}_people\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const exported: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => n > 1 && exported.push(String(row.getCell(1).value)));
    expect(exported).toEqual(['Ada Person', 'Ben Person']);
    const enrol = peoplePage(page).getByRole('link', { name: 'Enrol', exact: true });
    await expect(enrol).toHaveAttribute('href', `/enrolments/create/v2?users=${ben.id},${ada.id}`);
    // The wizard reads the ids once (and then drops them from its address): it looks them up.
    const lookedUp = page.waitForResponse((r) => /\/api\/company\/\d+\/users\?ids=/.test(r.url()));
    await enrol.click();
    await expect(page).toHaveURL(/\/enrolments\/create\/v2/);
    const found = (await (await lookedUp).json()) as { data: { id: number }[] };
    expect(found.data.map((e) => e.id).sort()).toEqual([ben.id, ada.id].sort());

    // One person: edit the name.
    const loner = world.loner;
    await page.goto('/people');
    await peoplePage(page).getByRole('link', { name: loner.name }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${loner.id}$`));
    const person = page.getByTestId('person-page');
    await expect(person.getByTestId('person-login-code')).toHaveText(loner.loginCode);
    await shot(page, 'person-1366');
    await person.getByLabel('Name').fill('Cleo Renamed');
    await person.getByRole('button', { name: 'Save changes' }).click();
    await expect(person.getByText('Learner updated successfully!')).toBeVisible();
    await expect(person.getByRole('heading', { name: 'Cleo Renamed' })).toBeVisible();
    await person.getByLabel('Name').fill('');
    await person.getByRole('button', { name: 'Save changes' }).click();
    await expect(person.getByText('Name is required')).toBeVisible();
    await person.getByLabel('Name').fill('Cleo Renamed');

    // Their slip, from the login code card.
    const slip = page.waitForEvent('download');
    await person.getByRole('button', { name: 'Download sign-in slips' }).click();
    expect((await slip).suggestedFilename()).toMatch(/_sign_in_slips\.pdf$/);

    // A new code, after the modal says what it does.
    await person.getByRole('button', { name: 'Issue a new code' }).click();
    const codeModal = page.getByRole('dialog', { name: 'Issue a new login code' });
    await expect(codeModal).toContainText(`Their current code, ${loner.loginCode}, stops working at once`);
    await shot(page, 'person-new-code-modal-1366');
    await codeModal.getByRole('button', { name: 'Issue a new code' }).click();
    await expect(person.getByText('A new login code has been issued. The old one no longer works.')).toBeVisible();
    await expect(person.getByTestId('person-login-code')).not.toHaveText(loner.loginCode);

    // Remove the learner without enrolments, after the confirmation.
    await person.getByRole('button', { name: 'Remove learner' }).click();
    const removeModal = page.getByRole('dialog', { name: 'Remove learner' });
    await expect(removeModal).toContainText('This cannot be undone.');
    await removeModal.getByRole('button', { name: 'Remove learner' }).click();
    await expect(page).toHaveURL(/\/people$/);
    await expect(page.getByText('Learner removed successfully!')).toBeVisible();
    expect(await names(page)).not.toContain('Cleo Renamed');

    // Anonymise the one with an enrolment (removing is not offered).
    await page.goto(`/people/${world.enrolled.id}`);
    await expect(person.getByRole('heading', { name: world.enrolled.name })).toBeVisible();
    await expect(person.getByRole('table', { name: 'Enrolments' }).locator('tbody tr')).toHaveCount(1);
    await expect(person.getByRole('button', { name: 'Remove learner' })).toHaveCount(0);
    await person.getByRole('button', { name: 'Anonymise learner' }).click();
    const anonymiseModal = page.getByRole('dialog', { name: 'Anonymise learner' });
    await expect(anonymiseModal).toContainText('results and certificates stay, without their name');
    await anonymiseModal.getByRole('button', { name: 'Anonymise learner' }).click();
    await expect(person.getByRole('heading', { name: `Anonymised learner #${world.enrolled.id}` })).toBeVisible();
    await expect(person.getByText('This learner has been anonymised')).toBeVisible();
    await shot(page, 'person-anonymised-1366');
  });

  test('at 390 px the list reads as cards and a person’s page fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithPassword(page, world.company.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    await page.goto('/people');
    await listSettled(peoplePage(page));
    await expect(rows(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'people-390');
    await peoplePage(page).getByLabel(`Select ${world.learners[3]!.name}`).check();
    await expect(peoplePage(page).getByRole('group', { name: 'Chosen people' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await peoplePage(page)
      .getByRole('group', { name: 'Chosen people' })
      .screenshot({ path: test.info().outputPath('selection-390.png') });
    await page.goto(`/people/${world.learners[3]!.id}`);
    await expect(page.getByTestId('person-login-code')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'person-390');
  });

  test('the header’s full menu, People included, fits beside the credits at 1241 and 1366 px, for a manager and an admin', async ({
    browser,
    baseURL,
  }) => {
    const adminPage = await world.admin.newPage();
    const context = await browser.newContext({ baseURL });
    const managerPage = await context.newPage();
    await signInWithPassword(managerPage, world.company.manager);
    await expect(managerPage.getByTestId('company-dashboard')).toBeVisible();
    for (const [who, page] of [
      ['manager', managerPage],
      ['admin', adminPage],
    ] as const) {
      for (const width of [1241, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/people');
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'People', exact: true })).toBeVisible();
        const bar = await page.locator('.shell-header__bar').boundingBox();
        const credits = await page.getByTestId('header-credits').boundingBox();
        const navBox = await nav.boundingBox();
        expect(credits!.x + credits!.width, `${who} at ${width}`).toBeLessThanOrEqual(bar!.x + bar!.width + 0.5);
        expect(navBox!.y, `${who} at ${width}: one row`).toBeLessThan(credits!.y + credits!.height);
        if (width === 1241) await shot(page, `header-${who}-${width}`);
      }
    }
    await context.close();
  });

  test('another company’s manager is refused a person of this company', async ({ browser, baseURL }) => {
    const other = await seedCompany(world.admin, baseURL!, { name: `Other Co ${uniqueTag()}` });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInWithPassword(page, other.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    const target = world.learners[5]!;
    // Through the page: their own company has no such learner.
    await page.goto(`/people/${target.id}`);
    await expect(page.getByTestId('load-error')).toContainText('That learner was not found in your company or its depots.');
    // Through the API, naming this company: refused.
    const response = await apiAs(context, baseURL!, 'GET', `/api/company/${world.company.id}/people/${target.id}`);
    expect(response.status()).toBe(403);
    const edit = await apiAs(context, baseURL!, 'PATCH', `/api/company/${other.id}/people/${target.id}`, { name: 'Hijacked' });
    expect(edit.status()).toBe(404);
    await context.close();
  });
});
