import { expect, test } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';

/**
 * Issue 22 item 3, in a browser that blocks third-party cookies (this Chromium build's default, as
 * Incognito windows): the content origin's service worker is refused, so the course's files are
 * not on the device. A reload while offline then neither breaks nor shows a broken frame: the page
 * says the progress is safe and opens the course once the network is back, where it was.
 * (player-offline.spec.ts covers the reopen offline, with third-party cookies allowed.)
 */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="offline3p" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/imscp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Offline</title>
    <item identifier="item" identifierref="res"><title>Offline</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Offline</title></head>
<body><h1 id="page">Page</h1><button id="next" type="button">Next page</button>
<script>
(function () {
  var api = window.API;
  api.LMSInitialize('');
  var page = Number(api.LMSGetValue('cmi.core.lesson_location')) || 1;
  function show() { document.getElementById('page').textContent = 'Page ' + page; }
  show();
  document.getElementById('next').addEventListener('click', function () {
    page++;
    api.LMSSetValue('cmi.core.lesson_location', String(page));
    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSCommit('');
    show();
  });
})();
</script></body></html>`;

const fixture = packageLearnerFixture();

test.beforeAll(async ({ browser }, testInfo) => {
  await fixture.open(browser, testInfo.project.use.baseURL!);
});

test.afterAll(async () => {
  await fixture.close();
});

test('third-party service workers refused: a reload while offline waits for the network, then resumes where the learner was', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const { enrolmentId } = await fixture.enrolOnPackage({
    courseName: `Offline 3P ${tag}`,
    learnerName: `Third Party${tag}`,
    loginCode: `PT-${tag}`,
    files: { 'imsmanifest.xml': MANIFEST, 'index.html': PAGE },
  });
  await signInWithCode(page, `PT-${tag}`);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await page.goto(`/learn/${enrolmentId}`);
  await expect(courseContent(page).locator('#page')).toHaveText('Page 1');
  // The player page is kept (same origin); the course's files are not (a third party's worker).
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.playerOffline ?? '')).toBe('ready');
  await courseContent(page).locator('#next').click();
  await expect(page.getByTestId('player-sync')).toHaveText('Saved');

  await context.setOffline(true);
  await courseContent(page).locator('#next').click();
  await expect(courseContent(page).locator('#page')).toHaveText('Page 3');
  await expect(page.getByTestId('player-sync')).toContainText('(1 waiting)');
  await page.reload();
  await expect(page.locator('.player-status')).toContainText(
    'Your progress is saved on this device. It will be sent, and the course opened, when you are back online.',
  );

  await context.setOffline(false);
  await expect(courseContent(page).locator('#page')).toHaveText('Page 3', { timeout: 20_000 });
});
