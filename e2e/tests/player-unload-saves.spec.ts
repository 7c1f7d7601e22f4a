import { expect, test, type Page } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';
import { courseContent } from '../support/course-frame';
import { uniqueTag } from '../support/seed';

/**
 * Issue 31 items 1 and 3 in the browser: eleven SCORM 1.2 SCOs that record their result only as
 * their page goes (as eXeLearning and hand-written courses following the SCORM books do): status
 * completed, session time and exit set in an unload, pagehide or beforeunload handler, then
 * LMSFinish there. Each must count when left by the player's Next, by the course's own link, by
 * Exit course and by Finish course; a reopened course resumes at the first unfinished SCO; and a
 * learner clicking through all eleven in well under a minute is never refused.
 */
const COUNT = 11;
const HANDLERS = ['unload', 'pagehide', 'beforeunload'] as const;

const manifest = () => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="unload-saves" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Unload saves</title>
${Array.from({ length: COUNT }, (_, n) => `    <item identifier="item-${n + 1}" identifierref="res-${n + 1}"><title>Part ${n + 1}</title></item>`).join('\n')}
  </organization></organizations>
  <resources>
${Array.from(
  { length: COUNT },
  (_, n) =>
    `    <resource identifier="res-${n + 1}" type="webcontent" adlcp:scormtype="sco" href="part-${n + 1}.html"><file href="part-${n + 1}.html"/><file href="done.html"/></resource>`,
).join('\n')}
  </resources>
</manifest>`;

/** A SCO that says "incomplete" as it starts and everything else only as its page goes. */
const part = (n: number) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Part ${n}</title></head>
<body>
<h1>Part ${n}</h1>
<p id="state">starting</p>
<a id="own-next" href="done.html">Continue to the next part</a>
<script>
(function () {
  function find(win) {
    for (var i = 0; win && i < 10; i++) { if (win.API) return win.API; if (win.parent === win) break; win = win.parent; }
    return null;
  }
  var api = find(window);
  api.LMSInitialize('');
  api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  api.LMSSetValue('cmi.core.lesson_location', 'part-${n}-start');
  var saved = false;
  window.addEventListener('${HANDLERS[n % HANDLERS.length]}', function () {
    if (saved) return;
    saved = true;
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSSetValue('cmi.core.lesson_location', 'part-${n}-end');
    api.LMSSetValue('cmi.core.session_time', '0000:00:0${n % 10}.00');
    api.LMSSetValue('cmi.core.exit', '');
    api.LMSFinish('');
  });
  document.getElementById('state').textContent = 'started';
})();
</script>
</body></html>`;

/** Where the course's own link leads: a page of the same SCO that talks to nobody. */
const DONE = `<!doctype html><html><head><meta charset="utf-8"><title>Done</title></head><body><h1>Part done</h1></body></html>`;

const files = () => ({
  'imsmanifest.xml': manifest(),
  'done.html': DONE,
  ...Object.fromEntries(Array.from({ length: COUNT }, (_, n) => [`part-${n + 1}.html`, part(n + 1)])),
});

const fixture = packageLearnerFixture();

test.describe('a SCO that records its result as it unloads (issue 31 items 1 and 3)', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    await fixture.open(browser, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await fixture.close();
  });

  /** A fresh learner on a fresh copy of the course; the commits' answers are counted by status. */
  async function begin(page: Page) {
    const tag = uniqueTag();
    const courseName = `Unload saves ${tag}`;
    const loginCode = `US-${tag}`.toUpperCase();
    const { enrolmentId } = await fixture.enrolOnPackage({ courseName, learnerName: `Un Load${tag}`, loginCode, files: files() });
    /** The server's answers to commits (not those a test fakes while `faking`), and how many were final. */
    const statuses: number[] = [];
    const seen = { finals: 0, faking: false };
    page.on('response', (response) => {
      if (seen.faking || !/\/api\/learn\/attempts\/\d+\/commit/.test(response.url())) return;
      statuses.push(response.status());
      if (/[?&]final=true/.test(response.url())) seen.finals++;
    });
    await signInWithCode(page, loginCode);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto(`/learn/${enrolmentId}`);
    return { courseName, enrolmentId, statuses, seen };
  }

  /** The player shows SCO `n` (1-based) and the content has started it. */
  async function atPart(page: Page, n: number) {
    await expect(page.getByTestId('sco-position')).toContainText(`(${n} of ${COUNT})`);
    await expect(courseContent(page).locator('h1')).toHaveText(`Part ${n}`);
    await expect(courseContent(page).locator('#state')).toHaveText('started');
  }

  const card = (page: Page, courseName: string) => page.getByTestId('course-card').filter({ hasText: courseName });

  test('Next, the course’s own link and Exit course keep each SCO’s last word; reopening resumes at the first unfinished SCO', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { courseName, enrolmentId, statuses } = await begin(page);
    const player = page.getByTestId('scorm-player');
    for (let n = 1; n <= 6; n++) {
      await atPart(page, n);
      // Part 4 leaves by the course's own link: its page unloads inside the SCO, which then ends.
      if (n === 4) await courseContent(page).locator('#own-next').click();
      else await player.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await atPart(page, 7);
    await page.getByTestId('exit-course').click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(card(page, courseName)).toHaveAttribute('data-state', 'in-progress');

    // Reopened: parts 1 to 7 finished as they were left, so the course goes on at part 8.
    await page.goto(`/learn/${enrolmentId}`);
    await atPart(page, 8);
    for (let n = 8; n < COUNT; n++) {
      await player.getByRole('button', { name: 'Next', exact: true }).click();
      await atPart(page, n + 1);
    }
    await player.getByRole('button', { name: 'Finish course' }).click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(card(page, courseName).getByText('Passed', { exact: true }).first()).toBeVisible();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  test('the tab closed mid-SCO: what the SCO says as it goes reaches the server by its shell, and the next visit goes on after it', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const { enrolmentId } = await begin(page);
    const player = page.getByTestId('scorm-player');
    for (let n = 1; n <= 2; n++) {
      await atPart(page, n);
      await player.getByRole('button', { name: 'Next', exact: true }).click();
    }
    // Part 3 records its result in its unload handler: the player's page is going at the same moment.
    await atPart(page, 3);
    await page.close({ runBeforeUnload: true });
    const again = await context.newPage();
    await again.goto(`/learn/${enrolmentId}`);
    await atPart(again, 4);
  });

  test('a learner clicking through eleven short SCOs in well under a minute is never refused, and a pause the server asks for is said', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { courseName, statuses, seen } = await begin(page);
    const player = page.getByTestId('scorm-player');
    const next = player.getByRole('button', { name: 'Next', exact: true });
    for (let n = 1; n < COUNT; n++) {
      await atPart(page, n);
      if (n === 5) {
        // The server asks this SCO's saves to wait 3 s (as a limit would): the learner is told, and moves on meanwhile.
        seen.faking = true;
        await page.route(/\/api\/learn\/attempts\/\d+\/commit/, (route) =>
          route.fulfill({ status: 429, headers: { 'Retry-After': '3' }, contentType: 'application/json', body: '{"message":"Too many"}' }),
        );
        await next.click();
        await expect(page.getByTestId('player-sync')).toHaveAttribute('data-phase', 'paused');
        await expect(page.getByTestId('player-sync')).toContainText('Saving paused for a moment');
        await page.unroute(/\/api\/learn\/attempts\/\d+\/commit/);
        seen.faking = false;
        continue;
      }
      await next.click();
    }
    await atPart(page, COUNT);
    await expect(next).toHaveCount(0);
    await player.getByRole('button', { name: 'Finish course' }).click();
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    // Over ten final commits in one attempt, in well under a minute: the old ten-a-minute limit refused the eleventh.
    expect(seen.finals).toBeGreaterThan(10);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    await expect(card(page, courseName).getByText('Passed', { exact: true }).first()).toBeVisible();
  });
});
