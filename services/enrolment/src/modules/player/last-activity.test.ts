import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSco, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { Enrolment } from '../enrolments/enrolment.entity';
import { LAST_ACTIVITY_RESOLUTION_MS } from './store-commit';

/**
 * Issue 24 item 2: "Last activity" (the enrolment's updated_at, which /reporting and the export
 * show) follows the learner's commits, at most LAST_ACTIVITY_RESOLUTION_MS behind.
 */
let clock = new Date('2026-11-14T09:00:00Z');
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let companyId: number;
let learnerId: number;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => clock });
  platform = world.platform;
  app = world.app;
  companyId = (await world.identity.company({})).id;
  learnerId = (await world.identity.user({ role: 'learner', companyId })).id;
});
afterAll(() => platform.close());

const lastActivity = async (id: number) => (await platform.orm.em.fork().findOneOrFail(Enrolment, { id })).updatedAt.toISOString();
// A session of its own for each request: the clock jumps by days, past a session's idle limit.
const learner = async () => new TestClient(app, { sessionToken: await world.identity.signIn(learnerId) });
const commit = async (url: string, seq: number, cmi: Record<string, unknown>) =>
  (await learner()).request(url, { method: 'POST', json: { cmi, seq } });
const launch = async (enrolmentId: number) => (await learner()).request(`/api/learn/${enrolmentId}/launch`, { method: 'POST', json: {} });

describe('last activity', () => {
  it('moves with the learner’s commits while nothing else on the enrolment changes, a minute at most behind the last one', async () => {
    const em = platform.orm.em.fork();
    const course = await world.catalogue.course({ validityYears: 1, package: { version: '2004', scos: [makeSco('one')] } });
    const enrolmentId = (await makeEnrolment(em, { userId: learnerId, courseId: course.id, companyId })).id;
    const launched = await launch(enrolmentId);
    expect(launched.status).toBe(200);
    const url = ((await launched.json()) as { scos: { commit_url: string }[] }).scos[0]!.commit_url;

    expect((await commit(url, 1, { completion_status: 'incomplete', location: 'p1' })).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-14T09:00:00.000Z');

    // Twelve days on, the learner works through the course: same status, no score.
    clock = new Date('2026-11-26T10:00:00Z');
    expect((await commit(url, 2, { completion_status: 'incomplete', location: 'p2' })).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-26T10:00:00.000Z');

    // Saves within the minute leave the enrolment alone; the first save a minute on moves it.
    clock = new Date(clock.getTime() + LAST_ACTIVITY_RESOLUTION_MS - 1000);
    expect((await commit(url, 3, { completion_status: 'incomplete', location: 'p3' })).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-26T10:00:00.000Z');
    clock = new Date(clock.getTime() + 1000);
    expect((await commit(url, 4, { completion_status: 'incomplete', location: 'p4' })).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-26T10:01:00.000Z');

    // A repeated (stale) commit is no activity.
    clock = new Date('2026-11-27T08:00:00Z');
    expect((await commit(url, 4, { completion_status: 'incomplete', location: 'p4' })).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-26T10:01:00.000Z');
  });

  it('moves when the learner opens the course', async () => {
    clock = new Date('2026-11-20T08:00:00Z');
    const em = platform.orm.em.fork();
    const course = await world.catalogue.course({ validityYears: 1, package: { version: '2004', scos: [makeSco('one')] } });
    const enrolmentId = (await makeEnrolment(em, { userId: learnerId, courseId: course.id, companyId })).id;
    expect((await launch(enrolmentId)).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-20T08:00:00.000Z');
    clock = new Date('2026-11-22T08:00:00Z');
    expect((await launch(enrolmentId)).status).toBe(200);
    expect(await lastActivity(enrolmentId)).toBe('2026-11-22T08:00:00.000Z');
  });
});
