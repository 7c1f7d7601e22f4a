import { expect, type BrowserContext, type Page } from '@playwright/test';
import { courseContent } from './course-frame';
import { signInWithCode } from './personas';
import type { packageLearnerFixture } from './package-learner';

type PackageLearnerFixture = ReturnType<typeof packageLearnerFixture>;

/**
 * The offline course of issue 22's journeys (player-offline.spec.ts, and player-same-site.spec.ts
 * in the same-site set-up): a SCORM 1.2 course of five pages, each page a commit, the last a passed
 * quiz; and the steps those journeys take through it.
 */
export const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="offline" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/imscp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Offline</title>
    <item identifier="item" identifierref="res"><title>Offline</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

export const PAGES = 5;
export const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Offline</title></head>
<body>
<h1 id="page">Page</h1>
<button id="next" type="button">Next page</button>
<button id="finish" type="button">Finish</button>
<script>
(function () {
  var api = window.API;
  api.LMSInitialize('');
  var page = Number(api.LMSGetValue('cmi.core.lesson_location')) || 1;
  function show() { document.getElementById('page').textContent = 'Page ' + page + ' of ${PAGES}'; }
  show();
  document.getElementById('next').addEventListener('click', function () {
    page++;
    api.LMSSetValue('cmi.core.lesson_location', String(page));
    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSSetValue('cmi.suspend_data', 'answer-on-page-' + page);
    api.LMSCommit('');
    show();
  });
  document.getElementById('finish').addEventListener('click', function () {
    api.LMSSetValue('cmi.core.score.raw', '100');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.exit', '');
    api.LMSFinish('');
  });
})();
</script>
</body></html>`;

/** A new learner of the package fixture's company, enrolled on a fresh copy of the course. */
export async function enrolOfflineLearner(fixture: PackageLearnerFixture, name: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const courseName = `${name} ${tag}`;
  const learnerName = `Off Line${tag}`;
  const { enrolmentId } = await fixture.enrolOnPackage({
    courseName,
    learnerName,
    loginCode: `PO-${tag}`,
    files: { 'imsmanifest.xml': MANIFEST, 'index.html': PAGE },
  });
  return { courseName, learnerName, loginCode: `PO-${tag}`, enrolmentId };
}

/** Until the SCO has called LMSInitialize on the player's runtime. */
export async function waitForSession(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { API?: { isInitialized?: () => boolean } }).API?.isInitialized?.() ?? false), {
      timeout: 15_000,
    })
    .toBe(true);
}

export async function openCourse(page: Page, enrolmentId: number, atPage: number) {
  await page.goto(`/learn/${enrolmentId}`);
  await waitForSession(page);
  await expect(courseContent(page).locator('#page')).toHaveText(`Page ${atPage} of ${PAGES}`);
}

export async function nextPage(page: Page, to: number) {
  await courseContent(page).locator('#next').click();
  await expect(courseContent(page).locator('#page')).toHaveText(`Page ${to} of ${PAGES}`);
}

/** The enrolment and its saved place, as the server has them (a launch reads the newest state). */
export async function serverCopy(page: Page, enrolmentId: number) {
  const summary = (await (await page.request.get(`/api/learn/${enrolmentId}`)).json()) as {
    enrollment: { status: string; score: number | null };
  };
  return summary.enrollment;
}

/** Until the player page and the attempt's files are kept on the device by their service workers. */
export async function waitForOfflineCopies(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.playerOffline ?? ''), { timeout: 15_000 }).toBe('ready');
  const shell = page.frameLocator('[data-testid=course-frame]');
  await expect
    .poll(() => shell.locator(':root').evaluate(() => (window as unknown as { __portalOffline?: string }).__portalOffline ?? ''), {
      timeout: 15_000,
    })
    .toBe('ready');
}

/** What a request from the frame or page gets: 'failed' when nothing answered it. */
export const tryFetch = (url: string) =>
  fetch(url).then(
    (answer) => `${answer.status}`,
    () => 'failed',
  );

/**
 * The offline journey of a device that keeps the course (issue 22 item 3; issue 31 item 7 in the
 * same-site set-up): signed in, the course opened and kept on the device, offline on page 3, a
 * reload that reopens it from the device, on to the end, and back online the server has it all.
 * `opened` and `reopened` add a spec's own checks at those two moments.
 */
export async function offlineReloadJourney(
  page: Page,
  context: BrowserContext,
  learner: { courseName: string; loginCode: string; enrolmentId: number },
  checks: { opened?: () => Promise<void>; reopened?: () => Promise<void> } = {},
) {
  await signInWithCode(page, learner.loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await openCourse(page, learner.enrolmentId, 1);
  await checks.opened?.();
  await waitForOfflineCopies(page);
  await nextPage(page, 2);
  await expect(page.getByTestId('player-sync')).toHaveText('Saved');

  await context.setOffline(true);
  await nextPage(page, 3);
  await expect(page.getByTestId('player-sync')).toContainText('(1 waiting)');
  await page.reload();
  // Reopened from the device, on the page only this device knew; the waiting commit is still there.
  await waitForSession(page);
  await expect(courseContent(page).locator('#page')).toHaveText(`Page 3 of ${PAGES}`);
  await checks.reopened?.();
  await expect(page.getByTestId('scorm-player')).toBeVisible();
  await nextPage(page, 4);
  await nextPage(page, 5);
  await courseContent(page).locator('#finish').click();
  await expect(page.getByTestId('player-finishing-offline')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('course-card').filter({ hasText: learner.courseName })).toHaveAttribute('data-state', 'passed');
  expect(await serverCopy(page, learner.enrolmentId)).toMatchObject({ status: 'passed', score: 100 });
}
