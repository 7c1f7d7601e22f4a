import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { ACTIVITY_MESSAGES } from './activity-messages';

/** Issue 13 item 4: wrong activity codes are limited per enrolment and per client address; windows expire. */
let clock = new Date('2026-06-15T12:00:00Z');
const moveClock = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let companyId: number;
let courseId: number;
let activityId: number;
const CODE = '482913';

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => clock });
  platform = world.platform;
  app = world.app;
  companyId = (await world.identity.company({})).id;
  courseId = (await world.catalogue.course({ name: 'Confined Spaces', description: '', hasBridging: true })).id;
  activityId = (
    await world.catalogue.activity({
      courseId,
      name: 'Gas test',
      code: Number(CODE),
      description: '<p>Test.</p>',
      type: 'file',
      fileUrl: null,
    })
  ).id;
  await world.catalogue.bridge({
    companyId,
    courseId,
    courseActivityId: activityId,
    description: 'With your supervisor.',
    enabled: true,
  });
});
afterAll(() => platform.close());

/** A learner with an enrolment on the course, signed in. */
async function enrolledLearner(em: Em = platform.orm.em.fork()) {
  const learner = await world.identity.user({ role: 'learner', companyId });
  const enrolmentId = (await makeEnrolment(em, { userId: learner.id, courseId, companyId, status: 'in_progress' })).id;
  return { session: await world.identity.signIn(learner.id), enrolmentId };
}
const submit = (who: { session: string; enrolmentId: number }, code: string, address: string) =>
  new TestClient(app, { sessionToken: who.session }).request(`/learn/${who.enrolmentId}/activities/${activityId}`, {
    method: 'POST',
    json: { code },
    headers: { 'x-forwarded-for': address },
  });

describe('wrong activity codes', () => {
  it('allow 5 per enrolment in 15 minutes, then 429 with a clear message and Retry-After — the right code too — until the window has passed', async () => {
    const learner = await enrolledLearner();
    for (let i = 0; i < 5; i++) {
      const wrong = await submit(learner, String(100000 + i), `10.61.${i}.1`);
      expect(wrong.status).toBe(422);
      expect(((await wrong.json()) as { errors: { code: string[] } }).errors.code).toEqual([ACTIVITY_MESSAGES.wrongCode]);
    }
    // From another address as well: the enrolment is what is being guessed at.
    const held = await submit(learner, CODE, '10.61.9.1');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(held.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    expect(await held.json()).toEqual({ message: 'Too many wrong activity codes. Please try again in 15 minutes.', code: 'rate_limited' });

    moveClock(10);
    expect((await submit(learner, CODE, '10.61.9.1')).status).toBe(429);
    // Nobody is locked out for good: the window slides past the wrong codes, and the right one works.
    moveClock(5);
    const right = await submit(learner, CODE, '10.61.9.1');
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ success: true, message: ACTIVITY_MESSAGES.completed });
  });

  it('limit one address to 20 across enrolments; other learners elsewhere are not held up', async () => {
    const address = '10.62.0.1';
    for (let i = 0; i < 5; i++) {
      const learner = await enrolledLearner();
      for (let j = 0; j < 4; j++) expect((await submit(learner, String(200000 + j), address)).status).toBe(422);
    }
    const fresh = await enrolledLearner();
    const limited = await submit(fresh, String(300000), address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    expect((await submit(fresh, CODE, '10.62.0.2')).status).toBe(200);
    moveClock(16);
    expect((await submit(await enrolledLearner(), CODE, address)).status).toBe(200);
  });

  it('forget an enrolment’s wrong codes once the right one is entered', async () => {
    const learner = await enrolledLearner();
    for (let i = 0; i < 4; i++) await submit(learner, String(400000 + i), '10.63.0.1');
    expect((await submit(learner, CODE, '10.63.0.1')).status).toBe(200);
    const counted = await platform.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*) as n from auth_attempts where bucket = 'activity-code-enrolment:${learner.enrolmentId}'`);
    expect(Number(counted[0]!.n)).toBe(0);
  });

  it('hold under concurrency: of 60 wrong codes sent at once for one enrolment, at most 5 are compared (issue 25 D3)', async () => {
    const learner = await enrolledLearner();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => submit(learner, String(500000 + i), `10.64.${i}.1`)));
    const compared = answers.filter((r) => r.status === 422).length;
    expect(compared).toBeLessThanOrEqual(5);
    expect(compared).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(60 - compared);
  });
});
