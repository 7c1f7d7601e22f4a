import { expect, test, type Browser, type Page } from '@playwright/test';
import { packageLearnerFixture } from '../support/package-learner';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { apiAs } from '../support/seed';
import { enrolOfflineLearner, nextPage, openCourse } from '../support/offline-course';

/**
 * Issue 31 item 6: the device forgets its last user. The player keeps copies (localStorage) and
 * unsent commits (IndexedDB) of the signed-in learner; a session that ends without the sign-out
 * page leaves no copy behind, keeps the unsent commits for the same learner only, and the next
 * learner signing in on the browser finds nothing of the first (docs/decisions.md, "Offline player").
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

async function signedInUserId(page: Page): Promise<string> {
  const shell = (await (await page.request.get('/api/shell')).json()) as { user: { id: number } };
  return String(shell.user.id);
}

/** The player's copies in localStorage (their names, prefix included). */
const deviceCopies = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal-player:')));

/** The commits kept in IndexedDB (none when the database is not there: it is not made by looking). */
const deviceCommits = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'portal-player')) return [];
    return new Promise<{ userId: string; body: string }[]>((resolve, reject) => {
      const open = indexedDB.open('portal-player');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('commits')) {
          db.close();
          return resolve([]);
        }
        const request = db.transaction('commits').objectStore('commits').getAll();
        request.onsuccess = () => {
          db.close();
          resolve((request.result as { userId: string; body: string }[]).map(({ userId, body }) => ({ userId, body })));
        };
      };
    });
  });

/** An admin sets the learner a new password, elsewhere: every session of theirs ends on the server. */
async function endSessionsElsewhere(browser: Browser, userId: string) {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  const response = await apiAs(admin, baseURL, 'PATCH', `/api/user/${userId}`, { password: 'Changed!2345' });
  expect(response.status(), await response.text()).toBe(200);
  await admin.close();
}

test('a session ended elsewhere: the next 401 clears the player’s copies; the unsent commits wait for the same learner and reach the server when they sign in again', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const { loginCode, enrolmentId } = await enrolOfflineLearner(fixture, 'Device ended');
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const userId = await signedInUserId(page);
  await openCourse(page, enrolmentId, 1);
  const status = page.getByTestId('player-sync');
  await nextPage(page, 2);
  await expect(status).toHaveText('Saved');

  await context.setOffline(true);
  await nextPage(page, 3);
  await nextPage(page, 4);
  await expect(status).toContainText('(2 waiting)');
  expect((await deviceCopies(page)).sort()).toEqual([`portal-player:launch:${userId}:${enrolmentId}`, `portal-player:shell:${userId}`]);
  expect((await deviceCommits(page)).map((commit) => commit.userId)).toEqual([userId, userId]);

  await endSessionsElsewhere(browser, userId);
  // Back online, the waiting commit is answered 401: the session is gone, so the page goes to sign-in.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  expect(await deviceCopies(page)).toEqual([]);
  // What waited (and the finish the closing page added) stays, for this learner only.
  const kept = await deviceCommits(page);
  expect(kept.length).toBeGreaterThanOrEqual(2);
  expect(kept.every((commit) => commit.userId === userId)).toBe(true);

  // The same learner again: what waited is sent before the course opens, so it resumes on page 4.
  await signInWithCode(page, loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  expect((await deviceCommits(page)).length).toBe(kept.length);
  await openCourse(page, enrolmentId, 4);
  await expect.poll(() => deviceCommits(page)).toEqual([]);
});

test('another learner signs in on the same browser after a session ended without sign-out: none of the first one’s data is on the device', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const first = await enrolOfflineLearner(fixture, 'Device first');
  const next = await enrolOfflineLearner(fixture, 'Device next');
  await signInWithCode(page, first.loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const firstId = await signedInUserId(page);
  await openCourse(page, first.enrolmentId, 1);
  await nextPage(page, 2);
  await expect(page.getByTestId('player-sync')).toHaveText('Saved');
  await context.setOffline(true);
  await nextPage(page, 3);
  await expect(page.getByTestId('player-sync')).toContainText('(1 waiting)');
  expect(await deviceCopies(page)).toContain(`portal-player:launch:${firstId}:${first.enrolmentId}`);
  const waiting = await deviceCommits(page);
  expect(waiting.map((commit) => commit.userId)).toEqual([firstId]);
  // The commit carries what the learner answered (here, the course's suspend data).
  expect(waiting[0]!.body).toContain('answer-on-page-3');

  // The session ends without the sign-out page: the browser's cookies are cleared, and the tab closed while offline.
  await context.clearCookies();
  await page.close();
  await context.setOffline(false);

  const other = await context.newPage();
  await signInWithCode(other, next.loginCode);
  await expect(other.getByTestId('learner-dashboard')).toBeVisible();
  const nextId = await signedInUserId(other);
  expect(nextId).not.toBe(firstId);
  await expect.poll(() => deviceCommits(other)).toEqual([]);
  expect(await deviceCopies(other)).toEqual([]);
  const everything = await other.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(everything).not.toContain(first.learnerName);
  expect(everything).not.toContain('answer-on-page');

  // The next learner's own course keeps its copies under their id alone.
  await openCourse(other, next.enrolmentId, 1);
  expect((await deviceCopies(other)).sort()).toEqual([
    `portal-player:launch:${nextId}:${next.enrolmentId}`,
    `portal-player:shell:${nextId}`,
  ]);
});
