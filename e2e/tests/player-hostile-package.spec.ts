import { expect, test, type Browser, type Page } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';

/**
 * Issue 25 D2: a course package must not act as the learner on the portal's origin. The package
 * below tries every escape found by the outside test: it opens the copy of itself the portal
 * used to serve under /storage/courses/{id}/package/ (on a click and with none), where its script
 * would read /api/shell and the learner's data export as the viewer; it reads the portal's
 * XSRF-TOKEN cookie and sets cookies the portal would receive. It runs with the portal opened on
 * 127.0.0.1 and on localhost: the content origin must be another site either way.
 */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="hostile" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <organizations default="org"><organization identifier="org"><title>Hostile</title>
    <item identifier="item" identifierref="res"><title>Hostile</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

const HOSTILE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Hostile</title></head>
<body>
<h1>Hostile course</h1>
<pre id="probe">running</pre>
<button id="escape" type="button">Open</button>
<button id="finish" type="button">Finish</button>
<script>
(function () {
  if (location.pathname.indexOf('/storage/') === 0) {
    // Running on the portal's origin: act as the viewer.
    Promise.all([
      fetch('/api/shell', { credentials: 'include' }).then(function (r) { return r.status; }),
      fetch('/api/learner-account/data', { credentials: 'include' }).then(function (r) { return r.status; }),
    ]).then(function (s) { document.title = 'ESCAPED ' + s.join(' '); });
    return;
  }
  var out = {};
  var token = /^\\/c\\/(\\d+)\\.(\\d+)\\./.exec(location.pathname);
  var ancestors = location.ancestorOrigins || [];
  var portal = ancestors.length ? ancestors[ancestors.length - 1] : '';
  var portalCopy = portal + '/storage/courses/' + (token ? token[2] : '0') + '/package/index.html';
  out.portal = portal;
  out.cookieBefore = document.cookie;
  document.cookie = 'hostile=1; path=/';
  document.cookie = 'XSRF-TOKEN=forged; path=/';
  out.cookieAfter = document.cookie;
  // Without a click (allowed only where the opener is the same site as the portal).
  try { out.portalPage = 'read: ' + window.top.document.title; } catch (e) { out.portalPage = 'blocked: ' + e.name; }
  try { out.silentPopup = window.open(portalCopy, 'silent') ? 'opened' : 'blocked'; } catch (e) { out.silentPopup = 'threw: ' + e.name; }
  document.getElementById('escape').addEventListener('click', function () {
    var w = window.open(portalCopy, 'escape');
    setTimeout(function () {
      try { out.popupDocument = 'read: ' + w.document.title; } catch (e) { out.popupDocument = 'blocked: ' + e.name; }
      document.getElementById('probe').textContent = JSON.stringify(out);
    }, 500);
  });
  fetch(portalCopy, { credentials: 'include' }).then(function (r) { return r.status + ''; }, function (e) { return 'refused: ' + e.name; }).then(function (copy) {
    out.fetchCopy = copy;
    document.getElementById('probe').textContent = JSON.stringify(out);
  });
  var api = window.API;
  document.getElementById('finish').addEventListener('click', function () {
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.score.raw', '80');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSFinish('');
  });
})();
</script>
</body></html>`;

const fixture = packageLearnerFixture();
let baseURL: string;

test.describe('a hostile package cannot act as the learner on the portal origin (issue 25 D2)', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL!;
    await fixture.open(browser, baseURL);
  });
  test.afterAll(async () => {
    await fixture.close();
  });

  async function playHostile(browser: Browser, portalHost: '127.0.0.1' | 'localhost') {
    const portal = new URL(baseURL);
    portal.hostname = portalHost;
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const learnerName = `Hana Hostile${tag}`;
    const enrolment = await fixture.enrolOnPackage({
      courseName: `Hostile ${tag}`,
      learnerName,
      loginCode: `HP-${tag}`,
      files: { 'imsmanifest.xml': MANIFEST, 'index.html': HOSTILE_PAGE },
    });
    const context = await browser.newContext({ baseURL: portal.origin });
    const page = await context.newPage();
    const popups: Page[] = [];
    context.on('page', (p) => popups.push(p));
    await signInWithCode(page, `HP-${tag}`);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto(`/learn/${enrolment.enrolmentId}`);

    const frame = page.locator('[data-testid=course-frame]');
    await expect(frame).toHaveAttribute('src', /\/c\//);
    const content = new URL((await frame.getAttribute('src'))!);
    // Another site than the page's, whichever loopback name the browser used.
    expect(content.hostname).not.toBe(portalHost);
    expect(['127.0.0.1', 'localhost']).toContain(content.hostname);

    const course = courseContent(page);
    const probeOf = async () => JSON.parse(await course.locator('#probe').innerText()) as Record<string, string>;
    await expect(course.locator('#probe')).not.toHaveText('running');
    await course.locator('#escape').click();
    await expect.poll(async () => (await probeOf()).popupDocument ?? '').not.toBe('');
    const probe = await probeOf();
    expect(probe.portal).toBe(portal.origin);
    expect(probe.portalPage).toMatch(/^blocked: SecurityError/);
    // No portal cookie is readable, and the cookies it sets stay on its own site.
    expect(probe.cookieBefore).toBe('');
    expect(probe.fetchCopy).toMatch(/^refused: /);
    expect(probe.popupDocument).toMatch(/^blocked: /);
    const portalCookies = await context.cookies(portal.origin);
    expect(portalCookies.map((c) => c.name)).not.toContain('hostile');
    expect(portalCookies.find((c) => c.name === 'XSRF-TOKEN')?.value).not.toBe('forged');

    // The copy on the portal's origin is not served: no page, no script ran there as the learner.
    await expect.poll(() => popups.length).toBeGreaterThan(0);
    for (const popup of popups) {
      await popup.waitForLoadState();
      expect(await popup.title()).not.toMatch(/ESCAPED/);
      // The portal answers 404; a popup keeps the frame's sandbox, so Chromium may not even load the
      // portal's page in it (a sandboxed window cannot open a page with an opener policy).
      expect(await popup.locator('body').innerText()).toMatch(/Not found|is blocked/);
      expect(await popup.locator('body').innerText()).not.toContain('Hostile course');
    }
    const copyPath = new URL(probe.portal + `/storage/courses/${/^\/c\/\d+\.(\d+)\./.exec(content.pathname)![1]}/package/index.html`)
      .pathname;
    expect((await page.request.get(copyPath)).status()).toBe(404);
    expect((await fixture.adminGet(copyPath)).status()).toBe(404);

    // The learner's account is untouched, and the course still plays and saves through the SCORM API.
    const shell = (await (await page.request.get('/api/shell')).json()) as { user: { name: string } };
    expect(shell.user.name).toBe(learnerName);
    await course.locator('#finish').click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    const summary = (await (await page.request.get(`/api/learn/${enrolment.enrolmentId}`)).json()) as { enrollment: { status: string } };
    expect(summary.enrollment.status).toBe('passed');
    await context.close();
  }

  test('with the portal opened on 127.0.0.1', async ({ browser }) => {
    await playHostile(browser, '127.0.0.1');
  });

  test('with the portal opened on localhost', async ({ browser }) => {
    await playHostile(browser, 'localhost');
  });
});
