import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyEnrol, CREDIT_MESSAGES, ENROLLING_MESSAGES, REPORTING_MESSAGES, wizardEnrol } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { changeCredits } from '../credits/credit.repository';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { Enrolment } from '../enrolments/enrolment.entity';
import { NOT_AN_EMPLOYEE, enrol } from './enrol';

type WizardAnswer = {
  data: {
    enrollment_id: number;
    user_id: number;
    course_id: number;
    learner_name: string;
    course_name: string;
    login_code: string | null;
    credits: number;
  }[];
  enrollment_summary: {
    total_attempted: number;
    total_successful: number;
    total_failed: number;
    failed_users: { name: string; reason: string }[];
  };
  credit_balance: number;
};
type Refusal = { message: string; errors?: Record<string, string[]> };

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let companyA: number;
let depotOfA: number;
let companyB: number;
let managerA: string;
let managerB: string;
let learnerSession: string;
let admin: string;
let shared: { id: number; name: string };
let pricey: number;
let ownOfA: number;
let ownOfB: number;

const NOW = new Date('2026-06-01T10:00:00Z');
const client = (session: string) => new TestClient(app, { sessionToken: session });
const balance = async (companyId: number) => (await em.fork().findOne(CreditAccount, { companyId }))?.balance ?? 0;
const ledgerSum = async (companyId: number) =>
  (await em.fork().find(CreditTransaction, { companyId })).reduce((sum, t) => sum + t.delta, 0);
const learnerOf = async (companyId: number, name = 'Learner') => (await world.identity.user({ role: 'learner', companyId, name })).id;
const wizard = (session: string, body: Record<string, unknown>) => client(session).call(wizardEnrol, { body });

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  companyA = (await world.identity.company({ name: 'Scaffolders Ltd' })).id;
  depotOfA = (await world.identity.company({ name: 'Scaffolders North', parentId: companyA })).id;
  companyB = (await world.identity.company({ name: 'Roofers Ltd' })).id;
  const platformCompany = await world.identity.company({ name: 'Portal' });
  await changeCredits(em, { companyId: companyA, delta: 100, kind: 'purchase' });
  await changeCredits(em, { companyId: companyB, delta: 100, kind: 'purchase' });
  managerA = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: companyA, name: 'Mia Manager' })).id);
  managerB = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: companyB })).id);
  learnerSession = await world.identity.signIn((await world.identity.user({ role: 'learner', companyId: companyA })).id);
  admin = await world.identity.signIn((await world.identity.user({ role: 'admin', companyId: platformCompany.id, name: 'Ada Admin' })).id);
  const course = await world.catalogue.course({ name: 'Ladder Safety', creditCost: 1, validityYears: 3 });
  shared = { id: course.id, name: course.name };
  pricey = (await world.catalogue.course({ name: 'Working at Height', creditCost: 2 })).id;
  ownOfA = (await world.catalogue.course({ name: 'Scaffolders Induction', companyId: companyA })).id;
  ownOfB = (await world.catalogue.course({ name: 'Roofers Induction', companyId: companyB })).id;
});
afterAll(() => platform.close());

describe('POST /api/company/enroll (the wizard’s finalise)', () => {
  it('creates the new employees, enrols everyone on every course and pays in the same step', async () => {
    const existing = await learnerOf(companyA, 'Ann Existing');
    const before = await balance(companyA);
    const response = await wizard(managerA, {
      companyID: companyA,
      courses: [shared.id, pricey],
      users: [existing],
      newUsers: [{ name: 'Ned New', email: 'ned@example.test' }, { name: 'Nia NoEmail' }],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as WizardAnswer;
    expect(body.enrollment_summary).toEqual({ total_attempted: 6, total_successful: 6, total_failed: 0, failed_users: [] });
    expect(body.data.map((r) => [r.learner_name, r.course_name]).sort()).toEqual(
      [
        ['Ann Existing', 'Ladder Safety'],
        ['Ann Existing', 'Working at Height'],
        ['Ned New', 'Ladder Safety'],
        ['Ned New', 'Working at Height'],
        ['Nia NoEmail', 'Ladder Safety'],
        ['Nia NoEmail', 'Working at Height'],
      ].sort(),
    );
    expect(body.data.find((r) => r.learner_name === 'Nia NoEmail')?.login_code).toMatch(/^[A-Z2-9]{10}$/);
    expect(body.credit_balance).toBe(before - 9);
    expect(await balance(companyA)).toBe(before - 9);
    expect(await ledgerSum(companyA)).toBe(await balance(companyA));
    const ledger = await em.fork().find(CreditTransaction, { enrolmentId: { $in: body.data.map((r) => r.enrollment_id) } });
    expect(ledger).toHaveLength(6);
    const rows = await em.fork().find(Enrolment, { id: { $in: body.data.map((r) => r.enrollment_id) } });
    const pairs = new Map(rows.map((e) => [e.id, `${e.userId}:${e.courseId}`]));
    expect(body.data.map((r) => pairs.get(r.enrollment_id))).toEqual(body.data.map((r) => `${r.user_id}:${r.course_id}`));
  });

  it('reports learners already enrolled as failed and does not charge them', async () => {
    const userId = await learnerOf(companyA, 'Bea Busy');
    await makeEnrolment(em, { userId, courseId: shared.id, companyId: companyA, status: 'in_progress' });
    const before = await balance(companyA);
    const body = (await (
      await wizard(managerA, { companyID: companyA, courses: [shared.id, pricey], users: [userId] })
    ).json()) as WizardAnswer;
    expect(body.enrollment_summary).toEqual({
      total_attempted: 2,
      total_successful: 1,
      total_failed: 1,
      failed_users: [{ name: 'Bea Busy', email: expect.any(String) as string, reason: ENROLLING_MESSAGES.alreadyEnrolled }],
    });
    expect(await balance(companyA)).toBe(before - 2);
  });

  it('refuses a finalise where everyone chosen is already enrolled, with a message under the learners, and charges nothing (issue 24 item 3)', async () => {
    const userId = await learnerOf(companyA, 'Ned Nothing');
    await makeEnrolment(em, { userId, courseId: shared.id, companyId: companyA, status: 'in_progress' });
    const before = await balance(companyA);
    const answer = await wizard(managerA, { companyID: companyA, courses: [shared.id], users: [userId] });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({
      message: ENROLLING_MESSAGES.nothingToEnrol,
      errors: { users: [ENROLLING_MESSAGES.nothingToEnrol] },
    });
    expect(await balance(companyA)).toBe(before);
    expect(await ledgerSum(companyA)).toBe(await balance(companyA));
  });

  it('counts a valid pass as enrolled, but enrols again (as a re-enrolment) once the certificate has expired', async () => {
    const valid = await learnerOf(companyA, 'Val Valid');
    const expired = await learnerOf(companyA, 'Eli Expired');
    await makeEnrolment(em, {
      userId: valid,
      courseId: shared.id,
      companyId: companyA,
      status: 'passed',
      passedAt: new Date('2025-01-01'),
      expiresAt: new Date('2028-01-01'),
    });
    await makeEnrolment(em, {
      userId: expired,
      courseId: shared.id,
      companyId: companyA,
      status: 'passed',
      passedAt: new Date('2022-01-01'),
      expiresAt: new Date('2025-01-01'),
    });
    const body = (await (
      await wizard(managerA, { companyID: companyA, courses: [shared.id], users: [valid, expired] })
    ).json()) as WizardAnswer;
    expect(body.data.map((r) => r.user_id)).toEqual([expired]);
    expect(body.enrollment_summary.failed_users.map((f) => f.name)).toEqual(['Val Valid']);
  });

  it('enrols a depot’s learners for the company, and lets a depot use its parent’s own course', async () => {
    const depotLearner = await learnerOf(depotOfA, 'Dee Depot');
    expect((await wizard(managerA, { companyID: companyA, courses: [shared.id], users: [depotLearner] })).status).toBe(200);
    await changeCredits(em, { companyId: depotOfA, delta: 5, kind: 'purchase' });
    const other = await learnerOf(depotOfA, 'Dan Depot');
    expect((await wizard(managerA, { companyID: depotOfA, courses: [ownOfA], users: [other] })).status).toBe(200);
  });

  it('refuses a course specific to another company, and an unknown course', async () => {
    const userId = await learnerOf(companyA);
    const theirs = await wizard(managerA, { companyID: companyA, courses: [ownOfB], users: [userId] });
    expect(theirs.status).toBe(422);
    const unknown = await wizard(managerA, { companyID: companyA, courses: [999_999], users: [userId] });
    expect(unknown.status).toBe(422);
  });

  it('refuses, spending nothing, when the credits do not reach', async () => {
    const poor = (await world.identity.company({ name: 'Poor Ltd' })).id;
    await changeCredits(em, { companyId: poor, delta: 1, kind: 'purchase' });
    const poorManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: poor })).id);
    const response = await wizard(poorManager, { companyID: poor, courses: [pricey], users: [await learnerOf(poor)] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Refusal).message).toBe(CREDIT_MESSAGES.notEnough);
    expect(await balance(poor)).toBe(1);
    expect(await em.fork().count(Enrolment, { companyId: poor })).toBe(0);
  });
});

describe('tenancy', () => {
  it('refuses another company’s manager (403) and a learner (403)', async () => {
    const userId = await learnerOf(companyA);
    expect((await wizard(managerB, { companyID: companyA, courses: [shared.id], users: [userId] })).status).toBe(403);
    expect((await wizard(learnerSession, { companyID: companyA, courses: [shared.id], users: [userId] })).status).toBe(403);
    expect(
      (await client(managerB).call(companyEnrol, { params: { companyId: companyA }, body: { courses: [shared.id], users: [userId] } }))
        .status,
    ).toBe(403);
  });

  it('refuses a user id of another company in the body, and enrols nobody', async () => {
    const mine = await learnerOf(companyA);
    const theirs = await learnerOf(companyB);
    const before = await balance(companyA);
    const response = await wizard(managerA, { companyID: companyA, courses: [shared.id], users: [mine, theirs] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Refusal).errors?.users).toEqual([NOT_AN_EMPLOYEE]);
    expect(await em.fork().count(Enrolment, { userId: { $in: [mine, theirs] } })).toBe(0);
    expect(await balance(companyA)).toBe(before);
  });

  it('refuses a depot’s manager enrolling its parent company’s learner', async () => {
    await changeCredits(em, { companyId: depotOfA, delta: 5, kind: 'purchase' });
    const depotManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: depotOfA })).id);
    const parentLearner = await learnerOf(companyA);
    const response = await wizard(depotManager, { companyID: depotOfA, courses: [shared.id], users: [parentLearner] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Refusal).errors?.users).toEqual([NOT_AN_EMPLOYEE]);
    expect(await em.fork().count(Enrolment, { userId: parentLearner })).toBe(0);
  });

  it('enrols a parent company’s learner in the parent when the new employees are to join a depot (an admin acting)', async () => {
    const parentLearner = await learnerOf(companyA);
    const response = await wizard(admin, { companyID: depotOfA, courses: [shared.id], users: [parentLearner] });
    expect(response.status).toBe(200);
    expect((await em.fork().findOneOrFail(Enrolment, { userId: parentLearner })).companyId).toBe(companyA);
  });
});

describe('POST /api/company/{companyId}/enroll (the older page)', () => {
  it('answers each learner’s name, course, login code and enrolment code, and renews a pass as a re-enrolment', async () => {
    const fresh = (await world.identity.user({ role: 'learner', companyId: companyA, name: 'Fay Fresh', loginCode: 'ABCD2345' })).id;
    const passed = await learnerOf(companyA, 'Pat Passed');
    const open = await learnerOf(companyA, 'Ola Open');
    await makeEnrolment(em, {
      userId: passed,
      courseId: shared.id,
      companyId: companyA,
      status: 'passed',
      passedAt: new Date('2026-01-01'),
      expiresAt: new Date('2029-01-01'),
    });
    await makeEnrolment(em, { userId: open, courseId: shared.id, companyId: companyA });
    const before = await balance(companyA);
    const response = await client(managerA).call(companyEnrol, {
      params: { companyId: companyA },
      body: { courses: [shared.id], users: [fresh, passed, open] },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Omit<WizardAnswer, 'data'> & {
      data: { name: string; courseName: string; re_enrolment: boolean; code: string; login_code: string | null; enrollment_id: number }[];
    };
    expect(body.data.map((r) => [r.name, r.courseName, r.re_enrolment])).toEqual([
      ['Fay Fresh', 'Ladder Safety', false],
      ['Pat Passed', 'Ladder Safety', true],
    ]);
    expect(body.data[0]!.login_code).toBe('ABCD2345');
    expect(body.data[0]!.code).toBe(String(body.data[0]!.enrollment_id));
    expect(body.enrollment_summary.failed_users).toEqual([
      { name: 'Ola Open', email: expect.any(String) as string, reason: ENROLLING_MESSAGES.alreadyEnrolled },
    ]);
    expect(await balance(companyA)).toBe(before - 2);
    expect(await ledgerSum(companyA)).toBe(await balance(companyA));
  });
});

describe('Re-enrol from /reporting (POST /api/company/{companyId}/enroll with enrollment_id)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const reEnrol = (session: string, companyId: number, body: { courses: number[]; users: number[]; enrollment_id: number }) =>
    client(session).call(companyEnrol, { params: { companyId }, body });
  const passedOn = async (name: string, expiresInDays: number) => {
    const userId = await learnerOf(companyA, name);
    const enrolment = await makeEnrolment(em, {
      userId,
      courseId: shared.id,
      companyId: companyA,
      status: 'passed',
      passedAt: new Date(NOW.getTime() - 300 * DAY),
      expiresAt: new Date(NOW.getTime() + expiresInDays * DAY),
    });
    return { userId, enrolmentId: enrolment.id, body: { courses: [shared.id], users: [userId], enrollment_id: enrolment.id } };
  };
  const enrolmentsOf = (userId: number) => em.fork().count(Enrolment, { userId, courseId: shared.id });

  it('renews once; a second click is refused with why, and enrols and charges nothing (issue 24 item 1)', async () => {
    const { userId, body } = await passedOn('Rita Renew', 3);
    const before = await balance(companyA);
    const first = await reEnrol(managerA, companyA, body);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { re_enrolment: boolean }[] }).data.map((r) => r.re_enrolment)).toEqual([true]);
    expect(await balance(companyA)).toBe(before - 1);

    const second = await reEnrol(managerA, companyA, body);
    expect(second.status).toBe(422);
    const refusal = (await second.json()) as Refusal;
    expect(refusal.message).toBe(REPORTING_MESSAGES.alreadyReEnrolled('Rita Renew', 'Ladder Safety', '01/06/2026'));
    expect(refusal.errors).toEqual({ enrollment_id: [refusal.message] });
    expect(await enrolmentsOf(userId)).toBe(2);
    expect(await balance(companyA)).toBe(before - 1);
    expect(await ledgerSum(companyA)).toBe(await balance(companyA));
  });

  it('lets only one of two clicks at once through', async () => {
    const { userId, body } = await passedOn('Dora Double', -10);
    const before = await balance(companyA);
    const statuses = (await Promise.all([reEnrol(managerA, companyA, body), reEnrol(managerA, companyA, body)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 422]);
    expect(await enrolmentsOf(userId)).toBe(2);
    expect(await balance(companyA)).toBe(before - 1);
  });

  it('refuses a pass that is not due yet, another learner’s course, and another company’s enrolment', async () => {
    const early = await passedOn('Ed Early', 30);
    const tooEarly = await reEnrol(managerA, companyA, early.body);
    expect(tooEarly.status).toBe(422);
    expect(((await tooEarly.json()) as Refusal).message).toBe(REPORTING_MESSAGES.reEnrolNotDue);
    const due = await passedOn('Mo Mismatch', 1);
    expect((await reEnrol(managerA, companyA, { ...due.body, users: [early.userId] })).status).toBe(422);
    expect((await reEnrol(managerA, companyA, { ...due.body, courses: [pricey] })).status).toBe(422);
    // Company B's manager naming A's enrolment in B's path: the same 404 as an unknown id.
    expect((await reEnrol(managerB, companyB, due.body)).status).toBe(404);
    expect(await enrolmentsOf(due.userId)).toBe(1);
    expect(await enrolmentsOf(early.userId)).toBe(1);
  });
});

describe('100 wizard enrolments at once against a balance that pays for 10', () => {
  it('lets exactly 10 through and refuses the rest with the credit message; the ledger sums to the balance', async () => {
    const company = (await world.identity.company({ name: 'Rush Ltd' })).id;
    await changeCredits(em, { companyId: company, delta: 10, kind: 'purchase' });
    const session = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: company })).id);
    const learners: number[] = [];
    for (let i = 0; i < 100; i++) learners.push(await learnerOf(company, `Rusher ${i}`));
    const responses = await Promise.all(
      learners.map((userId) => wizard(session, { companyID: company, courses: [shared.id], users: [userId] })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(90);
    const refusals = await Promise.all(responses.filter((r) => r.status === 422).map(async (r) => ((await r.json()) as Refusal).message));
    expect(new Set(refusals)).toEqual(new Set([CREDIT_MESSAGES.notEnough]));
    expect(await balance(company)).toBe(0);
    expect(await ledgerSum(company)).toBe(0);
    expect(await em.fork().count(Enrolment, { companyId: company })).toBe(10);
  });

  it('holds for the use case on separate entity managers too, several learners a request', async () => {
    const company = (await world.identity.company({ name: 'Crowd Ltd' })).id;
    await changeCredits(em, { companyId: company, delta: 10, kind: 'purchase' });
    const learners: number[] = [];
    for (let i = 0; i < 40; i++) learners.push(await learnerOf(company, `Crowd ${i}`));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        enrol(platform.orm.em.fork(), platform, {
          companyId: company,
          courseIds: [shared.id],
          userIds: learners.slice(i * 2, i * 2 + 2),
          actor: { userId: null, name: 'Test' },
          now: NOW,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await balance(company)).toBe(0);
    expect(await ledgerSum(company)).toBe(0);
  });
});

describe('a large enrolment', () => {
  // The time is measured by `npm run bench` (bulk-enrol), not asserted here: timings in tests
  // depend on the machine's load.
  it('enrols 10,000 new learners on a course in one call, all paid, the ledger intact', async () => {
    const company = (await world.identity.company({ name: 'Big Ltd' })).id;
    await changeCredits(em, { companyId: company, delta: 10_000, kind: 'purchase' });
    const newUsers = Array.from({ length: 10_000 }, (_, i) => ({ name: `Learner ${i}`, email: `big-${i}@example.test` }));
    const outcome = await enrol(platform.orm.em.fork(), platform, {
      companyId: company,
      courseIds: [shared.id],
      userIds: [],
      newUsers,
      actor: { userId: null, name: 'Test' },
      now: NOW,
    });
    expect(outcome.made).toHaveLength(10_000);
    expect(await balance(company)).toBe(0);
    expect(await ledgerSum(company)).toBe(0);
  }, 120_000);
});
