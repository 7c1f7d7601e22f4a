import { expect, test, type Page } from '@playwright/test';
import { courseContent } from '../support/course-frame';
import { launchShape, packageLearnerFixture } from '../support/package-learner';
import { signInWithCode } from '../support/personas';

/**
 * Issue 20: courses shaped like the real authoring tools' output play to their result. Each
 * package of e2e/fixtures/launch-shapes moves its own windows the way its tool does (a page that
 * replaces itself, nested driver frames, one page per screen, a popup) and finds the API the way
 * real drivers do; every page must find the live API holding the attempt's data, and the tool's
 * own way out must bring the learner back to the dashboard with the result stored.
 */
const fixture = packageLearnerFixture();

interface Summary {
  enrollment: { status: string; score: number | null };
}

test.describe('courses shaped like authoring tools’ output play to their result (issue 20)', () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    await fixture.open(browser, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await fixture.close();
  });

  /** A new learner enrolled on the shape's package, signed in and in the player. */
  async function play(page: Page, shape: string, options: { passMark?: number } = {}) {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const learnerName = `Sam Shape${tag}`;
    const enrolment = await fixture.enrolOnPackage({
      courseName: `${shape} ${tag}`,
      learnerName,
      loginCode: `LS-${tag}`,
      files: launchShape(shape),
      ...options,
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInWithCode(page, `LS-${tag}`);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await page.goto(`/learn/${enrolment.enrolmentId}`);
    return {
      learnerName,
      errors,
      courseUrl: `/learn/${enrolment.enrolmentId}`,
      summary: async () => ((await (await page.request.get(`/api/learn/${enrolment.enrolmentId}`)).json()) as Summary).enrollment,
    };
  }

  test('Storyline: index_lms.html replaces itself, the driver finds the API, a reload resumes, the goodbye page ends it; judged by the pass mark', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const run = await play(page, 'storyline-2004-location-replace', { passMark: 80 });
    const content = courseContent(page);
    await expect(content.locator('#slide')).toHaveText('Slide 1 of 3');
    await expect(content.locator('#status')).toHaveText(/^Learner: Sam Shape/);
    // The content commits every 60 s; the player's autocommit (10 s) saves the slide sooner.
    const saved = page.waitForResponse((r) => r.url().includes('/commit') && (r.request().postData() ?? '').includes('"location":"2"'), {
      timeout: 20_000,
    });
    await content.getByRole('button', { name: 'Next slide' }).click();
    await expect(content.locator('#slide')).toHaveText('Slide 2 of 3');
    await saved;

    // F5 in the middle of the course: the player launches again and the content resumes at its slide.
    await page.reload();
    await expect(courseContent(page).locator('#slide')).toHaveText('Slide 2 of 3');
    await courseContent(page).getByRole('button', { name: 'Next slide' }).click();
    await courseContent(page).getByRole('button', { name: 'Submit quiz' }).click();
    await expect(courseContent(page).locator('#status')).toHaveText('Quiz submitted');
    await courseContent(page).getByRole('button', { name: 'Exit course' }).click();

    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    // A score of 85 and no success status of its own: the course's pass mark (80) decides.
    expect(await run.summary()).toMatchObject({ status: 'passed', score: 85 });
    expect(run.errors).toEqual([]);
  });

  test('Rise: the driver in a nested frame finds the API, the lessons frame inside it reports, window.close() exits', async ({ page }) => {
    const run = await play(page, 'rise-1.2-nested-driver-frames');
    const lessons = courseContent(page).frameLocator('#driver').frameLocator('#content');
    await expect(lessons.locator('#lesson')).toHaveText('Lesson 1 of 2');
    await expect(lessons.locator('#learner')).toHaveText(/^Learner: Shape/);
    await lessons.getByRole('button', { name: 'Continue' }).click();
    await expect(lessons.locator('#lesson')).toHaveText('Lesson 2 of 2');
    await lessons.getByRole('button', { name: 'Finish course' }).click();

    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    expect(await run.summary()).toMatchObject({ status: 'passed', score: 100 });
    expect(run.errors).toEqual([]);
  });

  test('one page per screen: a meta refresh, a link and a form, each page Initialize…Finish, what one sets the next reads', async ({
    page,
  }) => {
    const run = await play(page, 'page-per-screen-1.2');
    const content = courseContent(page);
    await expect(content.getByRole('heading', { name: 'Screen 1 of 3' })).toBeVisible();
    await expect(content.locator('#status')).toHaveText('Session open; carried: ');
    await content.getByRole('link', { name: 'Next screen' }).click();
    await expect(content.getByRole('heading', { name: 'Screen 2 of 3' })).toBeVisible();
    await expect(content.locator('#status')).toHaveText('Session open; carried: 1');
    await content.getByRole('button', { name: 'Send answer' }).click();
    await expect(content.getByRole('heading', { name: 'Screen 3 of 3' })).toBeVisible();
    await expect(content.locator('#status')).toHaveText('Session open; carried: 1,2');
    await expect(content.locator('#answer')).toHaveText('You answered: hard hat');
    // Still in the player: the finishes of screens 1 and 2 were taken up by the next page.
    await expect(page.getByTestId('scorm-player')).toBeVisible();
    await content.getByRole('button', { name: 'Finish' }).click();

    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    expect(await run.summary()).toMatchObject({ status: 'passed', score: 90 });
    expect(run.errors).toEqual([]);
  });

  test('a popup finds the API through opener, a reload of it resumes where the learner was, and it closes itself at the end', async ({
    page,
    context,
  }) => {
    const run = await play(page, 'popup-opener-1.2');
    const content = courseContent(page);
    const opening = context.waitForEvent('page');
    await content.getByRole('button', { name: 'Launch course' }).click();
    const popup = await opening;
    popup.on('pageerror', (error) => run.errors.push(error.message));
    await expect(popup.locator('#screen')).toHaveText('Screen 1 of 3');
    await popup.getByRole('button', { name: 'Next' }).click();
    await expect(popup.locator('#screen')).toHaveText('Screen 2 of 3');

    await popup.reload();
    await expect(popup.locator('#screen')).toHaveText('Screen 2 of 3');
    await popup.getByRole('button', { name: 'Next' }).click();
    await expect(popup.locator('#screen')).toHaveText('Screen 3 of 3');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Finish' }).click();
    await closed;

    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    expect(await run.summary()).toMatchObject({ status: 'passed', score: 95 });
    expect(run.errors).toEqual([]);
  });
  test('a page reached by location.href uses the same session; adl.nav.request suspendAll and exit each bring the learner back with everything saved', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const run = await play(page, 'nav-request-2004-href');
    const content = courseContent(page);
    await expect(content.locator('#status')).toHaveText('Session open');
    await content.getByRole('button', { name: 'Continue' }).click();
    await expect(content.locator('#part')).toHaveText('Part 2 of 2');
    await expect(content.locator('#status')).toHaveText('Carried: part1-done');
    await content.getByRole('button', { name: 'Suspend all' }).click();

    // suspendAll: back on the dashboard, the course in progress with its place kept.
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    expect((await run.summary()).status).not.toMatch(/passed|failed/);
    await page.goto(run.courseUrl);
    await expect(courseContent(page).locator('#part')).toHaveText('Part 2 of 2');
    await expect(courseContent(page).locator('#status')).toHaveText('Carried: part1-done');
    await courseContent(page).getByRole('button', { name: 'Pass and exit' }).click();

    // exit: back on the dashboard with the result the content reported.
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    expect(await run.summary()).toMatchObject({ status: 'passed', score: 90 });
    expect(run.errors).toEqual([]);
  });
});
