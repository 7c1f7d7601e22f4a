import { expect, test, type Response } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';
import { SAME_SITE_HOSTS } from '../support/same-site-tls';
import { enrolOfflineLearner, offlineReloadJourney, serverCopy } from '../support/offline-course';

/**
 * Issue 31 item 7 in its production shape (project chromium-same-site: nginx with TLS,
 * https://portal.test and https://content.portal.test mapped to loopback, Chromium with its
 * default of blocking third-party cookies and storage). Course content comes from a sibling host
 * of the portal: the same site, so the content's service worker is first-party and the course is
 * kept on the device; another origin, so a package's script still cannot act as the learner.
 */
const fixture = packageLearnerFixture();
let baseURL: string;

test.beforeAll(async ({ browser }, testInfo) => {
  baseURL = testInfo.project.use.baseURL!;
  await fixture.open(browser, baseURL);
});
test.afterAll(async () => {
  await fixture.close();
});

test('third-party storage blocked: offline mid-course, a reload reopens it from the device, and back online the server has it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await offlineReloadJourney(page, context, await enrolOfflineLearner(fixture, 'Same site offline'), {
    async opened() {
      // The portal's cookies carry the __Host- prefix here: Secure, this host only.
      const names = (await context.cookies(baseURL)).map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['__Host-portal_session', '__Host-XSRF-TOKEN']));
      expect(names).not.toContain('portal_session');
      // Course content from the sibling host, whose worker is first-party here: the files are kept on the device.
      const src = new URL((await page.locator('[data-testid=course-frame]').getAttribute('src'))!);
      expect(src.origin).toBe(`https://${SAME_SITE_HOSTS.content}:${new URL(baseURL).port}`);
    },
  });
});

const HOSTILE_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="hostile-sibling" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <organizations default="org"><organization identifier="org"><title>Hostile sibling</title>
    <item identifier="item" identifierref="res"><title>Hostile sibling</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

/**
 * A package on the sibling host trying what the same site allows a script: reading and tossing
 * cookies on the parent domain (an attacker's own session among them: a sign-in forced on the
 * learner), the portal's page, and requests to the portal's API that the browser sends with the
 * learner's cookies.
 */
const hostilePage = (attackerSession: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Hostile sibling</title></head>
<body>
<h1>Hostile sibling</h1>
<pre id="probe">running</pre>
<button id="finish" type="button">Finish</button>
<script>
(function () {
  var out = {};
  var ancestors = location.ancestorOrigins || [];
  var portal = ancestors.length ? ancestors[ancestors.length - 1] : '';
  var parent = location.hostname.replace(/^content\\./, '');
  out.portal = portal;
  out.cookieBefore = document.cookie;
  document.cookie = 'portal_session=${attackerSession}; path=/; domain=' + parent + '; secure';
  document.cookie = 'XSRF-TOKEN=forged; path=/; domain=' + parent + '; secure';
  document.cookie = '__Host-portal_session=${attackerSession}; path=/; domain=' + parent + '; secure';
  document.cookie = '__Host-XSRF-TOKEN=forged; path=/; secure';
  try { out.portalPage = 'read: ' + window.top.document.title; } catch (e) { out.portalPage = 'blocked: ' + e.name; }
  // A frame of the portal's API (a navigation: the browser shows no script its answer, but sends the cookies).
  var frame = document.createElement('iframe');
  frame.src = portal + '/api/shell';
  document.body.appendChild(frame);
  Promise.all([
    fetch(portal + '/api/shell', { credentials: 'include' }).then(function (r) { return 'read ' + r.status; }, function (e) { return 'refused: ' + e.name; }),
    fetch(portal + '/api/learner-account/data', { credentials: 'include', mode: 'no-cors' }).then(function (r) { return r.type; }, function (e) { return 'refused: ' + e.name; }),
  ]).then(function (answers) {
    out.shell = answers[0];
    out.data = answers[1];
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

test('a package on the sibling host cannot act as the learner, read their cookies or sign them in as someone else', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  // The package's author has an account of their own: their session is what the package tosses.
  const attackerEnrolment = await fixture.enrolOnPackage({
    courseName: `Attacker ${tag}`,
    learnerName: `Atta Cker${tag}`,
    loginCode: `SA-${tag}`,
    files: { 'imsmanifest.xml': HOSTILE_MANIFEST, 'index.html': hostilePage('none') },
  });
  expect(attackerEnrolment.enrolmentId).toBeGreaterThan(0);
  const attacker = await browser.newContext({ baseURL });
  const attackerPage = await attacker.newPage();
  await signInWithCode(attackerPage, `SA-${tag}`);
  await expect(attackerPage.getByTestId('learner-dashboard')).toBeVisible();
  const attackerSession = (await attacker.cookies(baseURL)).find((cookie) => cookie.name === '__Host-portal_session')!.value;
  await attacker.close();

  const learnerName = `Vic Tim${tag}`;
  const { enrolmentId } = await fixture.enrolOnPackage({
    courseName: `Hostile sibling ${tag}`,
    learnerName,
    loginCode: `SV-${tag}`,
    files: { 'imsmanifest.xml': HOSTILE_MANIFEST, 'index.html': hostilePage(attackerSession) },
  });
  // What the portal answered the content's requests (the browser sends them with the learner's cookies).
  const fromContent: number[] = [];
  context.on('response', (response: Response) => {
    if (!/\/api\/(shell|learner-account\/data)$/.test(response.url())) return;
    // The package's requests are the sibling host's (the page's own are same-origin), whether or not a worker passed them on.
    void response
      .request()
      .allHeaders()
      .then((headers) => {
        if (headers['sec-fetch-site'] === 'same-site') fromContent.push(response.status());
      });
  });
  await signInWithCode(page, `SV-${tag}`);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  await page.goto(`/learn/${enrolmentId}`);

  const course = courseContent(page);
  await expect(course.locator('#probe')).not.toHaveText('running');
  const probe = JSON.parse(await course.locator('#probe').innerText()) as Record<string, string>;
  expect(probe.portal).toBe(new URL(baseURL).origin);
  expect(probe.portalPage).toMatch(/^blocked: SecurityError/);
  // No portal cookie is readable from the sibling host.
  expect(probe.cookieBefore).toBe('');
  expect(probe.shell).toMatch(/^refused: /);
  expect(probe.data).toMatch(/^opaque|^refused/);
  // The portal answered the sibling host's frame nothing, though the learner's cookies went with it (same site).
  // (Its fetches fail in the browser before any answer is shown: CORS, and CORP for no-cors reads.)
  await expect.poll(() => fromContent.length).toBeGreaterThanOrEqual(1);
  expect(fromContent.every((status) => status === 403)).toBe(true);

  // The tossed cookies reached the browser's jar for the parent domain, and the portal ignores them.
  const jar = await context.cookies(baseURL);
  expect(jar.find((cookie) => cookie.name === 'portal_session')?.value).toBe(attackerSession);
  expect(jar.find((cookie) => cookie.name === '__Host-XSRF-TOKEN')?.value).not.toBe('forged');
  const shell = (await (await page.request.get('/api/shell')).json()) as { user: { name: string } };
  expect(shell.user.name).toBe(learnerName);

  // The course still plays and saves through the SCORM API.
  await course.locator('#finish').click();
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  expect(await serverCopy(page, enrolmentId)).toMatchObject({ status: 'passed' });

  // Signed out, the learner is nobody: the attacker's tossed session is never read.
  await page.goto('/logout');
  await page.getByTestId('logout-confirmation').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies(baseURL)).find((cookie) => cookie.name === 'portal_session')?.value).toBe(attackerSession);
  expect((await page.request.get('/api/shell')).status()).toBe(401);
});
