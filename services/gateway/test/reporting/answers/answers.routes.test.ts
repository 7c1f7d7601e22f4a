import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrolmentAnswers } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse, makeSco } from '@portal/catalogue-service/testing';
import { makeEnrolment, recordAnsweredAttempt } from '@portal/enrolment-service/testing';
import { createReportingApp, reportingService } from '@portal/reporting-service';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

const NOW = new Date('2026-06-15T12:00:00Z');
const MINUTE = 60_000;

let platform: TestPlatform;
let app: ReturnType<typeof createReportingApp>;
const sessions = {} as Record<'manager' | 'depotManager' | 'otherManager' | 'admin' | 'learner', string>;
const enrolments = {} as Record<'alice' | 'cara' | 'olga' | 'fresh', number>;
const attempts = {} as Record<'aliceFirst' | 'aliceSecond' | 'cara', number>;

const get = (session: string | undefined, id: number) =>
  new TestClient(app, session ? { sessionToken: session } : {}).request(`/api/reporting/enrolments/${id}/answers`);
async function answers(id: number, session = sessions.manager): Promise<EnrolmentAnswers> {
  const response = await get(session, id);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: EnrolmentAnswers }).data;
}

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService, reportingService] });
  platform.now = () => NOW;
  app = createReportingApp(platform);
  const em: Em = platform.orm.em.fork();
  const acme = (await makeCompany(em, { name: 'Acme' })).id;
  const north = (await makeCompany(em, { name: 'Acme North', parentId: acme })).id;
  const other = (await makeCompany(em, { name: 'Other' })).id;
  const fire = (await makeCourse(em, { name: 'Fire Safety', package: { version: '2004', scos: [makeSco('fire')] } })).id;
  const ladders = (await makeCourse(em, { name: 'Ladders', package: { version: '1.2', scos: [makeSco('ladders')] } })).id;
  const alice = (await makeUser(em, { role: 'learner', companyId: acme, name: 'Alice Able' })).id;
  const cara = (await makeUser(em, { role: 'learner', companyId: north, name: 'Cara Cole' })).id;
  const olga = (await makeUser(em, { role: 'learner', companyId: other, name: 'Olga Other' })).id;
  enrolments.alice = (await makeEnrolment(em, { userId: alice, courseId: fire, companyId: acme, status: 'passed', score: 80 })).id;
  enrolments.cara = (await makeEnrolment(em, { userId: cara, courseId: ladders, companyId: north, status: 'failed' })).id;
  enrolments.olga = (await makeEnrolment(em, { userId: olga, courseId: fire, companyId: other, status: 'failed' })).id;
  enrolments.fresh = (await makeEnrolment(em, { userId: alice, courseId: ladders, companyId: acme })).id;

  const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * MINUTE);
  attempts.aliceFirst = (
    await recordAnsweredAttempt(em, {
      enrolmentId: enrolments.alice,
      userId: alice,
      scoIdentifier: 'fire',
      startedAt: at(120),
      finishedAt: at(100),
      lessonStatus: 'failed',
      scoreRaw: '2',
      scoreMin: '0',
      scoreMax: '4',
      sessionSeconds: 1150,
      objectives: [
        { id: 'fire-triangle', successStatus: 'failed', completionStatus: 'completed', scoreRaw: '1', scoreMax: '2', scoreScaled: '0.5' },
      ],
      interactions: [
        {
          id: 'q1',
          type: 'choice',
          description: 'Which extinguisher is suitable for a fire in electrical equipment?',
          learnerResponse: 'water',
          correctResponses: ['carbon_dioxide'],
          result: 'incorrect',
          weighting: '1',
          latency: 'PT12.5S',
          timestamp: '2026-06-15T10:05:00',
        },
        {
          id: 'q2',
          type: 'sequencing',
          learnerResponse: 'raise_alarm[,]leave',
          correctResponses: ['raise_alarm[,]leave', 'leave[,]raise_alarm'],
          result: 'correct',
          latency: 'PT1M',
          timestamp: '2026-06-15T10:06:00+01:00',
        },
      ],
    })
  ).attemptId;
  // A later attempt that only reviewed the slides: no answers, no score, no reported time.
  attempts.aliceSecond = (
    await recordAnsweredAttempt(em, {
      enrolmentId: enrolments.alice,
      userId: alice,
      scoIdentifier: 'fire',
      startedAt: at(60),
      finishedAt: at(55),
      lessonStatus: 'passed',
    })
  ).attemptId;
  attempts.cara = (
    await recordAnsweredAttempt(em, {
      enrolmentId: enrolments.cara,
      userId: cara,
      scoIdentifier: 'ladders',
      startedAt: at(30),
      finishedAt: at(20),
      lessonStatus: 'failed',
      scoreRaw: '40',
      objectives: [{ id: 'ladder-angle', successStatus: 'failed', scoreRaw: '0' }],
      // 1.2: student_response, a time of day without a date, `wrong`.
      interactions: [
        {
          id: 'angle',
          type: 'fill-in',
          learnerResponse: '45 degrees',
          correctResponses: ['75'],
          result: 'wrong',
          latency: '0000:00:20.00',
          timestamp: '11:35:00',
        },
      ],
    })
  ).attemptId;
  await recordAnsweredAttempt(em, {
    enrolmentId: enrolments.olga,
    userId: olga,
    scoIdentifier: 'fire',
    startedAt: at(10),
    finishedAt: at(5),
    lessonStatus: 'failed',
    interactions: [{ id: 'secret', learnerResponse: 'x' }],
  });

  sessions.manager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: acme })).id);
  sessions.depotManager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: north })).id);
  sessions.otherManager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: other })).id);
  sessions.admin = await makeSession(em, (await makeUser(em, { role: 'admin', companyId: other })).id);
  sessions.learner = await makeSession(em, alice);
});
afterAll(() => platform.close());

describe('GET /api/reporting/enrolments/{id}/answers', () => {
  it('gives the manager every attempt, newest first and numbered, with its score, time, objectives and interactions', async () => {
    const data = await answers(enrolments.alice);
    expect(data.enrollment).toEqual({
      id: enrolments.alice,
      learner_name: 'Alice Able',
      course_name: 'Fire Safety',
      status: 'passed',
      score: 80,
      scorm_version: '2004',
    });
    expect(data.attempts.map((a) => [a.id, a.number])).toEqual([
      [attempts.aliceSecond, 2],
      [attempts.aliceFirst, 1],
    ]);
    const [second, first] = data.attempts;
    // Nothing answered: empty lists, no score, and the time from start to the last save.
    expect(second).toMatchObject({
      status: 'passed',
      score_percent: null,
      time_seconds: 300,
      finished: true,
      objectives: [],
      interactions: [],
    });
    expect(first).toMatchObject({
      status: 'failed',
      score_percent: 50,
      time_seconds: 1150,
      started_at: '2026-06-15T10:00:00.000Z',
      last_saved_at: '2026-06-15T10:20:00.000Z',
    });
    expect(first!.objectives).toEqual([
      {
        sco: 'fire',
        id: 'fire-triangle',
        success_status: 'failed',
        completion_status: 'completed',
        score_raw: '1',
        score_min: null,
        score_max: '2',
        score_scaled: '0.5',
      },
    ]);
    expect(first!.interactions).toEqual([
      {
        sco: 'fire',
        position: 0,
        id: 'q1',
        type: 'choice',
        description: 'Which extinguisher is suitable for a fire in electrical equipment?',
        learner_response: 'water',
        correct_responses: ['carbon_dioxide'],
        result: 'incorrect',
        weighting: '1',
        latency: 'PT12.5S',
        latency_seconds: 13,
        timestamp: '2026-06-15T10:05:00',
        answered_at: '2026-06-15T10:05:00.000Z',
      },
      expect.objectContaining({
        id: 'q2',
        correct_responses: ['raise_alarm[,]leave', 'leave[,]raise_alarm'],
        latency_seconds: 60,
        answered_at: '2026-06-15T09:06:00.000Z',
      }),
    ]);
  });

  it('reads 1.2 answers: a time of day alone is kept as sent, and the answer is dated when the portal stored it', async () => {
    const data = await answers(enrolments.cara);
    expect(data.enrollment.scorm_version).toBe('1.2');
    const [interaction] = data.attempts[0]!.interactions;
    expect(interaction).toMatchObject({
      learner_response: '45 degrees',
      correct_responses: ['75'],
      result: 'wrong',
      timestamp: '11:35:00',
      latency_seconds: 20,
    });
    // Stored halfway through the attempt (11:30 to 11:40).
    expect(interaction!.answered_at).toBe('2026-06-15T11:35:00.000Z');
    expect(data.attempts[0]).toMatchObject({ score_percent: 40, time_seconds: 600 });
  });

  it('answers an enrolment never launched with no attempts', async () => {
    expect((await answers(enrolments.fresh)).attempts).toEqual([]);
  });

  it("shows a depot's enrolment to the parent company's manager, and to the depot's own", async () => {
    expect((await answers(enrolments.cara)).attempts).toHaveLength(1);
    expect((await answers(enrolments.cara, sessions.depotManager)).attempts).toHaveLength(1);
  });

  it('shows an admin any enrolment', async () => {
    expect((await answers(enrolments.alice, sessions.admin)).attempts).toHaveLength(2);
    expect((await answers(enrolments.olga, sessions.admin)).attempts[0]!.interactions[0]!.id).toBe('secret');
  });

  it("refuses another company's manager, a depot's manager the parent's enrolments, a learner (even their own), and no session", async () => {
    expect((await get(sessions.otherManager, enrolments.alice)).status).toBe(403);
    expect((await get(sessions.manager, enrolments.olga)).status).toBe(403);
    expect((await get(sessions.depotManager, enrolments.alice)).status).toBe(403);
    expect((await get(sessions.learner, enrolments.alice)).status).toBe(403);
    expect((await get(undefined, enrolments.alice)).status).toBe(401);
    const refused = await get(sessions.otherManager, enrolments.alice);
    expect(await refused.text()).not.toContain('extinguisher');
  });

  it('answers 404 for an enrolment that does not exist and for an id that is no id', async () => {
    expect((await get(sessions.admin, 999_999)).status).toBe(404);
    expect((await get(sessions.admin, 'abc' as never)).status).toBe(404);
  });
});
