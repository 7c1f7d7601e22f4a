import { expect, test } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import {
  enrolOfflineLearner,
  offlineReloadJourney,
  nextPage,
  openCourse,
  PAGE,
  PAGES,
  serverCopy,
  tryFetch,
  waitForOfflineCopies,
  waitForSession,
} from '../support/offline-course';

/**
 * Issue 22: the player keeps working offline and syncs when the network returns. A SCORM 1.2
 * course of five pages (each page a commit, the last a passed quiz) is played by a learner of
 * the demo company, with the browser's network switched off and on (context.setOffline).
 */
/**
 * The course's files are kept by a service worker of the content origin, framed by the portal: a
 * third party. This Chromium build blocks third-party cookies by default, and with them service
 * workers in another site's frames (so do Incognito windows and browsers set to block them: there
 * the course reopens only online). This file runs with third-party cookies allowed, Chrome's own default.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--disable-features=ThirdPartyCookiePhaseout'],
  },
});

const fixture = packageLearnerFixture();
let baseURL: string;

test.beforeAll(async ({ browser }, testInfo) => {
  baseURL = testInfo.project.use.baseURL!;
  await fixture.open(browser, baseURL);
});

test.afterAll(async () => {
  await fixture.close();
});

test('offline in the middle of the course: carries on to the end, and the result reaches the server once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { courseName, loginCode, enrolmentId } = await enrolOfflineLearner(fixture, 'Offline middle');
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openCourse(page, enrolmentId, 1);
  const status = page.getByTestId('player-sync');
  await nextPage(page, 2);
  await expect(status).toHaveText('Saved');

  await context.setOffline(true);
  await nextPage(page, 3);
  await nextPage(page, 4);
  await expect(status).toHaveText('Saved on this device — will sync when you are back online (2 waiting)');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  // The status fits a 390 px phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${test.info().outputDir}/offline-status-390.png` });
  await nextPage(page, 5);
  await courseContent(page).locator('#finish').click();
  await expect(page.getByTestId('player-finishing-offline')).toBeVisible();
  await expect(status).toContainText(/will sync when you are back online \(\d+ waiting\)/);
  await page.screenshot({ path: `${test.info().outputDir}/offline-finished-390.png` });

  await context.setOffline(false);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible({ timeout: 20_000 });
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  await expect(card).toHaveAttribute('data-state', 'passed');
  expect(await serverCopy(page, enrolmentId)).toMatchObject({ status: 'passed', score: 100 });
  // Everything was sent: nothing is left on the device.
  expect(
    await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('portal-player');
          open.onsuccess = () => {
            const request = open.result.transaction('commits').objectStore('commits').count();
            request.onsuccess = () => resolve(request.result);
          };
        }),
    ),
  ).toBe(0);

  // Signing out deletes the device store.
  await page.goto('/logout');
  await page.getByTestId('logout-confirmation').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))).not.toContain('portal-player');
  // And the device copies the player reopens from offline (issue 22 item 3).
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal-player:')))).toEqual([]);
});

test('a reload while offline reopens the course from the device and the learner carries on to the end; back online the card says Passed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await offlineReloadJourney(page, context, await enrolOfflineLearner(fixture, 'Offline reload'), {
    // The workers serve the attempt's own files only: no API answer, no other page, nothing outside the package.
    async reopened() {
      expect(await page.evaluate(tryFetch, '/api/shell')).toBe('failed');
      expect(await page.evaluate(tryFetch, '/shells/portal/not-a-file.js')).toBe('failed');
      expect(
        await courseContent(page)
          .locator(':root')
          .evaluate(
            (_, url) =>
              fetch(url).then(
                (answer) => `${answer.status}`,
                () => 'failed',
              ),
            'not-in-the-package.html',
          ),
      ).toBe('failed');
    },
  });
  // Finished and synced: the device keeps nothing of the attempt.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal-player:launch:')))).toEqual([]);
});

test('the tab closed while offline: the next visit, online, sends what waited before the course starts', async ({ page, context }) => {
  test.setTimeout(60_000);
  const { loginCode, enrolmentId } = await enrolOfflineLearner(fixture, 'Offline closed');
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openCourse(page, enrolmentId, 1);
  await nextPage(page, 2);
  await context.setOffline(true);
  await nextPage(page, 3);
  await nextPage(page, 4);
  await expect(page.getByTestId('player-sync')).toContainText('(2 waiting)');
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  // The course resumes on page 4, which only this device knew.
  await openCourse(again, enrolmentId, 4);
});

test('two tabs: the server’s order decides, and the older tab is told and reloads the server’s copy', async ({ page, context }) => {
  test.setTimeout(60_000);
  const { loginCode, enrolmentId } = await enrolOfflineLearner(fixture, 'Offline two tabs');
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openCourse(page, enrolmentId, 1);
  const other = await context.newPage();
  await openCourse(other, enrolmentId, 1);
  await nextPage(other, 2);
  await nextPage(other, 3);
  await expect(other.getByTestId('player-sync')).toHaveText('Saved');

  // The first tab saves after the second: the server keeps the second's, and the first is told.
  await courseContent(page).locator('#next').click();
  await expect(page.getByTestId('player-superseded')).toHaveText('This course was continued somewhere else.');
  await page.getByRole('button', { name: 'Load the latest progress' }).click();
  await waitForSession(page);
  await expect(courseContent(page).locator('#page')).toHaveText(`Page 3 of ${PAGES}`);
  await other.close();
});

test('a slow 3G connection from start to finish loses no commit', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { courseName, loginCode, enrolmentId } = await enrolOfflineLearner(fixture, 'Offline slow');
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const answered: number[] = [];
  page.on('response', (response) => {
    if (/\/api\/learn\/attempts\/\d+\/commit/.test(response.url())) answered.push(response.status());
  });
  // Chrome DevTools' "Slow 3G": 400 ms latency, about 50 KB/s each way.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
  });
  await page.goto(`/learn/${enrolmentId}`);
  await waitForSession(page);
  for (let at = 2; at <= PAGES; at++) await nextPage(page, at);
  await expect(page.getByTestId('player-sync')).toHaveText('Saved');
  await courseContent(page).locator('#finish').click();
  await expect(page.getByTestId('learner-dashboard')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('course-card').filter({ hasText: courseName })).toHaveAttribute('data-state', 'passed');
  // Every page's commit and the finish reached the server, each answered 200.
  expect(answered.length).toBeGreaterThanOrEqual(PAGES);
  expect(answered.every((status) => status === 200)).toBe(true);
  expect(await serverCopy(page, enrolmentId)).toMatchObject({ status: 'passed', score: 100 });
});

/** Two sections (SCOs), each a page counter of its own (issue 22: the course keeps running offline). */
const SECTIONS_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="offline-sections" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/imscp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Sections</title>
    <item identifier="one" identifierref="res-one"><title>Section one</title></item>
    <item identifier="two" identifierref="res-two"><title>Section two</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="res-one" type="webcontent" adlcp:scormtype="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="res-two" type="webcontent" adlcp:scormtype="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;
const sectionPage = (name: string) => PAGE.replace('<h1 id="page">Page</h1>', `<h2 id="section">${name}</h2><h1 id="page">Page</h1>`);

test('offline, a section seen earlier in the visit opens again from the device, where the learner left it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const { enrolmentId } = await fixture.enrolOnPackage({
    courseName: `Offline sections ${tag}`,
    learnerName: `Off Sections${tag}`,
    loginCode: `PS-${tag}`,
    files: { 'imsmanifest.xml': SECTIONS_MANIFEST, 'one.html': sectionPage('One'), 'two.html': sectionPage('Two') },
  });
  await signInWithCode(page, `PS-${tag}`);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openCourse(page, enrolmentId, 1);
  await waitForOfflineCopies(page);
  await nextPage(page, 2);
  const sections = page.getByRole('navigation', { name: 'Course sections' });
  await sections.getByRole('button', { name: 'Next' }).click();
  await expect(courseContent(page).locator('#section')).toHaveText('Two');
  await expect(page.getByTestId('player-sync')).toHaveText(/^(Saved|Synced)$/);

  await context.setOffline(true);
  await sections.getByRole('button', { name: 'Previous' }).click();
  // Section one again, from the device's copy: the page it was left on.
  await expect(courseContent(page).locator('#section')).toHaveText('One');
  await expect(courseContent(page).locator('#page')).toHaveText(`Page 2 of ${PAGES}`);
  await nextPage(page, 3);
  await expect(page.getByTestId('player-sync')).toContainText('waiting');

  await context.setOffline(false);
  await expect(page.getByTestId('player-sync')).toHaveText('Synced', { timeout: 20_000 });
  // The server has what was done offline: a new visit opens section one on page 3.
  await page.reload();
  await waitForSession(page);
  await expect(courseContent(page).locator('#section')).toHaveText('One');
  await expect(courseContent(page).locator('#page')).toHaveText(`Page 3 of ${PAGES}`);
});
