import { expect, test } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';

/**
 * Issue 13, item 2: a package's script cannot act as its viewer. The package below tries to read
 * the portal page (`parent.document`), the portal's cookies and `/api/admin/users` — relative to
 * its own origin and at the portal's — and shows what it got; then it plays and saves through the
 * SCORM API as any course does. It is played by a learner of the demo company; the admin who
 * uploads it (and whose cookies live in another browser context) deletes it afterwards.
 */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="probe" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <organizations default="org"><organization identifier="org"><title>Probe</title>
    <item identifier="item" identifierref="res"><title>Probe</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

/** Tries everything a hostile package would, writes the outcome into #probe, and is a working SCORM 1.2 SCO. */
const PROBE_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Probe</title></head>
<body>
<h1>Probe course</h1>
<pre id="probe">running</pre>
<button id="finish" type="button">Finish</button>
<script>
(function () {
  var out = {};
  try { out.parentDocument = 'read: ' + parent.parent.document.title; } catch (e) { out.parentDocument = 'blocked: ' + e.name; }
  try { out.frameElement = 'read: ' + parent.frameElement.ownerDocument.title; } catch (e) { out.frameElement = 'blocked: ' + e.name; }
  try { out.topCookie = 'read: ' + top.document.cookie; } catch (e) { out.topCookie = 'blocked: ' + e.name; }
  out.ownCookie = document.cookie;
  var ancestors = location.ancestorOrigins || [];
  var portal = ancestors.length ? ancestors[ancestors.length - 1] : '';
  out.portal = portal;
  function attempt(url) {
    return fetch(url, { credentials: 'include' }).then(function (r) {
      return r.text().then(function (t) { return r.status + ' ' + (t.indexOf('@') >= 0 ? 'LEAK' : 'no-data'); });
    }, function (e) { return 'refused: ' + e.name; });
  }
  var api = window.API;
  out.api = api ? 'found' : 'missing';
  api.LMSInitialize('');
  out.learner = api.LMSGetValue('cmi.core.student_name');
  Promise.all([attempt('/api/admin/users'), attempt(portal + '/api/admin/users'), attempt(portal + '/api/learner/dashboard')]).then(function (r) {
    out.ownOriginApi = r[0];
    out.portalApi = r[1];
    out.portalLearnerApi = r[2];
    document.getElementById('probe').textContent = JSON.stringify(out);
  });
  document.getElementById('finish').addEventListener('click', function () {
    api.LMSSetValue('cmi.core.lesson_location', 'probe-page-3');
    api.LMSSetValue('cmi.suspend_data', 'probe=1');
    api.LMSSetValue('cmi.core.score.raw', '90');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSCommit('');
    api.LMSFinish('');
  });
})();
</script>
</body></html>`;

const fixture = packageLearnerFixture();
let baseURL: string;

test.describe('a package script cannot act as its viewer', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    baseURL = testInfo.project.use.baseURL!;
    await fixture.open(browser, baseURL);
  });

  test.afterAll(async () => {
    await fixture.close();
  });

  test('its script gets neither the portal page, nor its cookies, nor its API, while the course plays and saves', async ({ page }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const enrolment = await fixture.enrolOnPackage({
      courseName: `Probe ${tag}`,
      learnerName: `Pat Probe${tag}`,
      loginCode: `PS-${tag}`,
      files: { 'imsmanifest.xml': MANIFEST, 'index.html': PROBE_PAGE },
    });

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithCode(page, `PS-${tag}`);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto(`/learn/${enrolment.enrolmentId}`);

    // The package is framed from the content origin, not the portal's.
    const frame = page.locator('[data-testid=course-frame]');
    // The content origin's SCO shell, which frames the package's page.
    await expect(frame).toHaveAttribute('src', /\/c\/[^/]+\/__portal\/sco\.html#/);
    const src = await frame.getAttribute('src');
    expect(new URL(src!).origin).not.toBe(new URL(baseURL).origin);
    expect(new URL(src!).pathname).toMatch(/^\/c\/[^/]+\/__portal\/sco\.html$/);

    const content = courseContent(page);
    await expect(content.locator('#probe')).not.toHaveText('running');
    const probe = JSON.parse(await content.locator('#probe').innerText()) as Record<string, string>;
    // Above the shell (the package's parent, on its own origin) is the player page: cross-origin.
    expect(probe.parentDocument).toMatch(/^blocked: /);
    expect(probe.frameElement).toMatch(/^blocked: /);
    expect(probe.topCookie).toMatch(/^blocked: SecurityError/);
    // No portal cookie (session or XSRF) on the content origin.
    expect(probe.ownCookie).toBe('');
    // The content origin has no API; the portal's answers no other origin (no CORS), and sends no cookie to it.
    expect(probe.ownOriginApi).toMatch(/^404 no-data$/);
    expect(probe.portalApi).toMatch(/^refused: TypeError$/);
    expect(probe.portalLearnerApi).toMatch(/^refused: TypeError$/);
    // Meanwhile the SCORM API works, bridged to the player.
    expect(probe.api).toBe('found');
    expect(probe.learner).toBe(`Probe${tag}, Pat`);

    await content.locator('#finish').click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    const summary = (await (await page.request.get(`/api/learn/${enrolment.enrolmentId}`)).json()) as {
      enrollment: { status: string; score: number | null };
    };
    expect(summary.enrollment).toMatchObject({ status: 'passed', score: 90 });
    expect(errors).toEqual([]);

    // The token in the frame's address opens that course's files only, and a forged one nothing.
    const token = /\/c\/([^/]+)\//.exec(src!)![1]!;
    const origin = new URL(src!).origin;
    expect((await page.request.get(`${origin}/c/${token}/imsmanifest.xml`)).status()).toBe(200);
    expect((await page.request.get(`${origin}/c/${token}/../../1/package/index.html`)).status()).toBe(404);
    const forged = token.replace(/^(\d+)\.(\d+)\./, (_m, attempt: string, courseId: string) => `${attempt}.${Number(courseId) + 1}.`);
    expect((await page.request.get(`${origin}/c/${forged}/index.html`)).status()).toBe(404);
  });
});
