import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { ACTIVITY_MESSAGES } from './activity-messages';

const NOW = new Date('2026-06-15T12:00:00Z');

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
const companies = {} as Record<'a' | 'depotOfA' | 'b', number>;
const sessions = {} as Record<'learner' | 'otherLearner' | 'managerA' | 'depotManagerA' | 'managerB' | 'admin', string>;
let enrolmentId: number;
let depotEnrolmentId: number;
const activities = {} as Record<'walk' | 'video' | 'disabled' | 'otherCourse', number>;

async function company(em: Em, parentId: number | null = null) {
  return (await world.identity.company({ parentId })).id;
}
function userIn(em: Em, role: Role, companyId: number) {
  return world.identity.user({ role, companyId });
}
async function activity(em: Em, courseId: number, name: string, code: number, filePath: string | null = null) {
  return (
    await world.catalogue.activity({
      courseId,
      name,
      code,
      description: `<p>${name}.</p>`,
      type: 'file',
      fileUrl: filePath && `/storage/${filePath}`,
    })
  ).id;
}

const client = (session?: string) => new TestClient(app, session ? { sessionToken: session } : {});
const submit = (session: string, enrolment: number, activityId: number, code: string) =>
  client(session).request(`/learn/${enrolment}/activities/${activityId}`, { method: 'POST', json: { code } });

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  companies.a = await company(em);
  companies.depotOfA = await company(em, companies.a);
  companies.b = await company(em);
  const learner = await userIn(em, 'learner', companies.a);
  sessions.learner = await world.identity.signIn(learner.id);
  sessions.otherLearner = await world.identity.signIn((await userIn(em, 'learner', companies.a)).id);
  sessions.managerA = await world.identity.signIn((await userIn(em, 'manager', companies.a)).id);
  sessions.depotManagerA = await world.identity.signIn((await userIn(em, 'manager', companies.depotOfA)).id);
  sessions.managerB = await world.identity.signIn((await userIn(em, 'manager', companies.b)).id);
  sessions.admin = await world.identity.signIn((await userIn(em, 'admin', companies.b)).id);

  const course = await world.catalogue.course({ name: 'Working at Height', description: '', hasBridging: true });
  const other = await world.catalogue.course({ name: 'Other', description: '' });
  activities.walk = await activity(em, course.id, 'Site walk', 123456, 'courses/1/activities/site-walk.pdf');
  activities.video = await activity(em, course.id, 'Harness check', 777);
  activities.disabled = await activity(em, course.id, 'Switched off', 555);
  activities.otherCourse = await activity(em, other.id, 'Elsewhere', 999);
  await world.catalogue.bridge({
    companyId: companies.a,
    courseId: course.id,
    courseActivityId: activities.disabled,
    description: '',
    enabled: false,
  });
  await world.catalogue.bridge({
    companyId: companies.a,
    courseId: course.id,
    courseActivityId: activities.video,
    description: 'Check your harness with Sam.',
    enabled: true,
  });
  enrolmentId = (
    await makeEnrolment(em, {
      userId: learner.id,
      courseId: course.id,
      companyId: companies.a,
      status: 'passed',
      certificateCode: 'CERT-X',
      passedAt: NOW,
    })
  ).id;
  const depotLearner = await userIn(em, 'learner', companies.depotOfA);
  depotEnrolmentId = (
    await makeEnrolment(em, { userId: depotLearner.id, courseId: course.id, companyId: companies.depotOfA, status: 'in_progress' })
  ).id;
});
afterAll(() => platform.close());

interface ActivitiesBody {
  course: { name: string; has_bridging: boolean };
  certificate_url: string | null;
  activities: { id: number; completed_at: string | null; activity_template: { name: string; description: string; file: string | null } }[];
}

describe('GET /api/learn/{enrolmentId}/activities', () => {
  it("lists the company's enabled activities with its own descriptions, not completed yet", async () => {
    const response = await client(sessions.learner).request(`/api/learn/${enrolmentId}/activities`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ActivitiesBody;
    expect(body.course).toMatchObject({ name: 'Working at Height', has_bridging: true });
    expect(body.activities.map((a) => a.id)).toEqual([activities.walk, activities.video]);
    expect(body.activities[0]).toEqual({
      id: activities.walk,
      completed_at: null,
      activity_template: { name: 'Site walk', description: '<p>Site walk.</p>', file: '/storage/courses/1/activities/site-walk.pdf' },
    });
    expect(body.activities[1]!.activity_template.description).toContain('Check your harness with Sam.');
  });

  it('answers 404 to another learner and to managers', async () => {
    for (const session of [sessions.otherLearner, sessions.managerA, sessions.admin]) {
      expect((await client(session).request(`/api/learn/${enrolmentId}/activities`)).status).toBe(404);
    }
  });
});

describe('POST /learn/{enrolmentId}/activities/{activityId} {code}', () => {
  it('refuses a wrong code under the code field, and completes the activity with the right one (spaces around it ignored)', async () => {
    const wrong = await submit(sessions.learner, enrolmentId, activities.walk, '654321');
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { code: [ACTIVITY_MESSAGES.wrongCode] } });

    const right = await submit(sessions.learner, enrolmentId, activities.walk, ' 123456 ');
    expect(right.status).toBe(200);
    const body = (await right.json()) as { success: boolean; message: string; activity: { id: number; completed_at: string } };
    expect(body).toMatchObject({
      success: true,
      message: ACTIVITY_MESSAGES.completed,
      activity: { id: activities.walk, completed_at: NOW.toISOString() },
    });

    const again = await submit(sessions.learner, enrolmentId, activities.walk, 'anything');
    expect(((await again.json()) as { message: string }).message).toBe(ACTIVITY_MESSAGES.alreadyCompleted);
    const list = (await (await client(sessions.learner).request(`/api/learn/${enrolmentId}/activities`)).json()) as ActivitiesBody;
    expect(list.activities.find((a) => a.id === activities.walk)!.completed_at).toBe(NOW.toISOString());
  });

  it('treats a disabled activity, another course’s activity or someone else’s enrolment as not found', async () => {
    expect((await submit(sessions.learner, enrolmentId, activities.disabled, '555')).status).toBe(404);
    expect((await submit(sessions.learner, enrolmentId, activities.otherCourse, '999')).status).toBe(404);
    expect((await submit(sessions.otherLearner, enrolmentId, activities.video, '777')).status).toBe(404);
    expect((await submit(sessions.managerA, enrolmentId, activities.video, '777')).status).toBe(404);
  });
});

describe('GET /api/learn/{enrolmentId}/activities/{activityId}/code (managers)', () => {
  const codePath = (enrolment: number, activityId: number) => `/api/learn/${enrolment}/activities/${activityId}/code`;

  it('shows the code to the enrolment’s company manager (and for its depots) and to admins', async () => {
    const response = await client(sessions.managerA).request(codePath(enrolmentId, activities.video));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      code: '777',
      activity_name: 'Harness check',
      course_name: 'Working at Height',
      activities_url: `/learn/${enrolmentId}/activities`,
    });
    expect((await client(sessions.managerA).request(codePath(depotEnrolmentId, activities.walk))).status).toBe(200);
    expect((await client(sessions.admin).request(codePath(enrolmentId, activities.walk))).status).toBe(200);
  });

  it("refuses company A's rows by any id to a manager of company B, a depot manager and a learner", async () => {
    for (const activityId of [activities.walk, activities.video, activities.disabled, activities.otherCourse, 999999]) {
      expect((await client(sessions.managerB).request(codePath(enrolmentId, activityId))).status).toBe(404);
      expect((await client(sessions.depotManagerA).request(codePath(enrolmentId, activityId))).status).toBe(404);
      expect((await client(sessions.learner).request(codePath(enrolmentId, activityId))).status).toBe(403);
    }
    // The depot manager still sees the depot's own enrolment.
    expect((await client(sessions.depotManagerA).request(codePath(depotEnrolmentId, activities.walk))).status).toBe(200);
  });
});
