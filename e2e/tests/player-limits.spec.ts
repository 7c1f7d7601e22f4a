import { expect, test } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';

/**
 * Issue 13 item 7 in the browser: a SCORM 2004 SCO saves 64,000 characters of suspend data (kept
 * whole), then commits far more often than the server allows in a minute — the content never
 * sees a failure and the final save is stored — and a save the server refuses for good shows its
 * message above the course. Played by a learner of the demo company; the admin deletes it all.
 */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="limits" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Limits</title>
    <item identifier="item" identifierref="res"><title>Limits</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormType="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

/** More saves at once than an attempt may make in a minute (SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE, 120). */
const BURST = 125;

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Limits</title></head>
<body>
<h1>Limits course</h1>
<pre id="out">running</pre>
<button id="burst" type="button">Save often</button>
<button id="refused" type="button">Save once more</button>
<button id="finish" type="button">Finish</button>
<script>
(function () {
  var api = window.API_1484_11;
  api.Initialize('');
  var big = new Array(64001).join('s');
  var results = [];
  document.getElementById('burst').addEventListener('click', function () {
    results.push(api.SetValue('cmi.suspend_data', big));
    for (var i = 1; i <= ${BURST - 1}; i++) {
      api.SetValue('cmi.location', 'page-' + i);
      results.push(api.Commit(''));
    }
    document.getElementById('out').textContent = 'burst:' + results.filter(function (r) { return r !== 'true'; }).length + ' failed';
  });
  document.getElementById('refused').addEventListener('click', function () {
    api.SetValue('cmi.location', 'refused-page');
    document.getElementById('out').textContent = 'refused:' + api.Commit('');
  });
  document.getElementById('finish').addEventListener('click', function () {
    api.SetValue('cmi.location', 'last-page');
    api.SetValue('cmi.exit', 'suspend');
    api.Terminate('');
  });
})();
</script>
</body></html>`;

const fixture = packageLearnerFixture();
let baseURL: string;

test.describe('the player under the commit limits', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL!;
    await fixture.open(browser, baseURL);
  });

  test.afterAll(async () => {
    await fixture.close();
  });

  test('keeps 64,000 characters of suspend data, rides out 429s, and shows a refused save', async ({ page }) => {
    // BURST synchronous saves of 64 KB each take a while on a shared machine (MariaDB above all).
    test.setTimeout(120_000);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const enrolment = await fixture.enrolOnPackage({
      courseName: `Limits ${tag}`,
      learnerName: `Lim Its${tag}`,
      loginCode: `PL-${tag}`,
      files: { 'imsmanifest.xml': MANIFEST, 'index.html': PAGE },
    });

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (/\/api\/learn\/attempts\/\d+\/commit/.test(response.url())) statuses.push(response.status());
    });
    await signInWithCode(page, `PL-${tag}`);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto(`/learn/${enrolment.enrolmentId}`);
    const content = courseContent(page);

    // BURST commits at once: the server takes 120 in the minute and answers the rest 429; the content sees none fail.
    await content.locator('#burst').click();
    await expect(content.locator('#out')).toHaveText('burst:0 failed');
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);

    // A save the server refuses for good (what it answers to suspend data over its cap — more than
    // scorm-again lets content set, so the answer is given here): its message shows above the course.
    const message =
      'This course tried to save 300,000 characters of progress data; the portal keeps at most 256,000. Your progress up to the last save is kept.';
    await page.route(/\/api\/learn\/attempts\/\d+\/commit/, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ message, errors: { 'cmi.suspend_data': [message] } }),
      }),
    );
    // (The content frame's API answers from its cache across the frames; the player is what tells the learner.)
    await content.locator('#refused').click();
    await expect(page.getByTestId('player-save-error')).toHaveText(message);
    await page.screenshot({ path: '/tmp/player-save-error.png' });
    await page.unroute(/\/api\/learn\/attempts\/\d+\/commit/);

    // The final save goes through (its own allowance), with the 64,000 characters whole.
    await content.locator('#finish').click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const relaunch = await page.request.post(`/api/learn/${enrolment.enrolmentId}/launch`, {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      data: {},
    });
    expect(relaunch.status()).toBe(200);
    const cmi = ((await relaunch.json()) as { scos: { cmi: Record<string, string> }[] }).scos[0]!.cmi;
    expect(cmi['cmi.location']).toBe('last-page');
    expect(cmi['cmi.suspend_data']).toHaveLength(64_000);
    expect(errors).toEqual([]);
  });
});
