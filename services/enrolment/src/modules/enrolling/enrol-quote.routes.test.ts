import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnrolUser,
  companyEnrol,
  companyEnrolQuote,
  ENROLLING_MESSAGES,
  REPORTING_MESSAGES,
  type EnrolQuote,
} from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import {
  createEnrolmentTestWorld,
  CreditAccount,
  CreditTransaction,
  Enrolment,
  changeCredits,
  makeEnrolment,
  type EnrolmentTestWorld,
} from '../../testing';

/** Issue 32 item 3: what a spend takes, asked before it is spent; and a re-enrol spends once. */

type Body = { courses: number[]; users: number[]; enrollment_id?: number };
type Refusal = { message: string; errors?: Record<string, string[]> };

const NOW = new Date('2026-06-01T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let companyA: number;
let depotOfA: number;
let companyB: number;
let managerA: string;
let managerB: string;
let learnerOfA: string;
let admin: string;
let ladders: { id: number; name: string };
let height: { id: number; name: string };

const client = (session: string) => new TestClient(app, { sessionToken: session });
const quote = (session: string, companyId: number, body: Body) => client(session).call(companyEnrolQuote, { params: { companyId }, body });
const reEnrol = (session: string, companyId: number, body: Body) => client(session).call(companyEnrol, { params: { companyId }, body });
const balance = async (companyId: number) => (await em.fork().findOne(CreditAccount, { companyId }))?.balance ?? 0;
const learner = async (companyId: number, name: string) => (await world.identity.user({ role: 'learner', companyId, name })).id;
/** A learner whose pass of Ladder Safety expires in `days` (past when negative), and the re-enrol body naming it. */
const passed = async (companyId: number, name: string, days = -10) => {
  const userId = await learner(companyId, name);
  const enrolment = await makeEnrolment(em, {
    userId,
    courseId: ladders.id,
    companyId,
    status: 'passed',
    passedAt: new Date(NOW.getTime() - 400 * DAY),
    expiresAt: new Date(NOW.getTime() + days * DAY),
  });
  return { userId, enrolmentId: enrolment.id, body: { courses: [ladders.id], users: [userId], enrollment_id: enrolment.id } };
};

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  companyA = (await world.identity.company({ name: 'Scaffolders Ltd' })).id;
  depotOfA = (await world.identity.company({ name: 'Scaffolders North', parentId: companyA })).id;
  companyB = (await world.identity.company({ name: 'Roofers Ltd' })).id;
  await changeCredits(em, { companyId: companyA, delta: 20, kind: 'purchase' });
  await changeCredits(em, { companyId: depotOfA, delta: 1, kind: 'purchase' });
  await changeCredits(em, { companyId: companyB, delta: 20, kind: 'purchase' });
  managerA = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: companyA })).id);
  managerB = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: companyB })).id);
  learnerOfA = await world.identity.signIn(await learner(companyA, 'Lena Learner'));
  const portal = (await world.identity.company({ name: 'Portal' })).id;
  admin = await world.identity.signIn((await world.identity.user({ role: 'admin', companyId: portal })).id);
  const course = await world.catalogue.course({ name: 'Ladder Safety', creditCost: 2, validityYears: 3 });
  ladders = { id: course.id, name: course.name };
  const second = await world.catalogue.course({ name: 'Working at Height', creditCost: 3 });
  height = { id: second.id, name: second.name };
});
afterAll(() => platform.close());

describe('POST /api/company/{companyId}/enroll/quote', () => {
  it('prices a re-enrol: the learner, the course, its credits and the balance after, and writes nothing', async () => {
    const { userId, body } = await passed(companyA, 'Quinn Quote');
    const before = await balance(companyA);
    const response = await quote(managerA, companyA, body);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: EnrolQuote };
    expect(data.enrolments).toEqual([
      { user_id: userId, learner_name: 'Quinn Quote', course_id: ladders.id, course_name: 'Ladder Safety', credits: 2, re_enrolment: true },
    ]);
    expect(data).toMatchObject({ credits: 2, balance_after: before - 2, parent_balance_after: null, is_enough: true, skipped: [] });
    expect(data.sources).toMatchObject({ company_id: companyA, company_name: 'Scaffolders Ltd', balance: before, parent: null });
    expect(data.paid_from).toEqual([{ company_id: companyA, company_name: 'Scaffolders Ltd', amount: 2 }]);
    expect(await balance(companyA)).toBe(before);
    expect(await em.fork().count(Enrolment, { userId })).toBe(1);
  });

  it('says a depot spends its own credit first and its parent pays the rest', async () => {
    const { body } = await passed(depotOfA, 'Dee Depot');
    const [depotBefore, parentBefore] = [await balance(depotOfA), await balance(companyA)];
    const { data } = (await (await quote(managerA, depotOfA, body)).json()) as { data: EnrolQuote };
    expect(data.paid_from).toEqual([
      { company_id: depotOfA, company_name: 'Scaffolders North', amount: depotBefore },
      { company_id: companyA, company_name: 'Scaffolders Ltd', amount: 2 - depotBefore },
    ]);
    expect(data.balance_after).toBe(0);
    expect(data.parent_balance_after).toBe(parentBefore - (2 - depotBefore));
    // The enrol itself charges as quoted.
    expect((await reEnrol(managerA, depotOfA, body)).status).toBe(200);
    expect([await balance(depotOfA), await balance(companyA)]).toEqual([data.balance_after, data.parent_balance_after]);
  });

  it('prices learners × courses for the older Enroll page, skipping (not charging) who is enrolled already', async () => {
    const fresh = await learner(companyA, 'Fay Fresh');
    const busy = await learner(companyA, 'Bo Busy');
    await makeEnrolment(em, { userId: busy, courseId: height.id, companyId: companyA, status: 'in_progress' });
    const { data } = (await (await quote(managerA, companyA, { courses: [ladders.id, height.id], users: [fresh, busy] })).json()) as {
      data: EnrolQuote;
    };
    expect(data.enrolments.map((e) => `${e.learner_name}: ${e.course_name} (${e.credits})`).sort()).toEqual([
      'Bo Busy: Ladder Safety (2)',
      'Fay Fresh: Ladder Safety (2)',
      'Fay Fresh: Working at Height (3)',
    ]);
    expect(data.skipped).toEqual([
      { learner_name: 'Bo Busy', course_name: 'Working at Height', reason: ENROLLING_MESSAGES.alreadyEnrolled },
    ]);
    expect(data.credits).toBe(7);
  });

  it('says when the credits do not reach', async () => {
    const poor = (await world.identity.company({ name: 'Poor Ltd' })).id;
    const manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: poor })).id);
    const { data } = (await (await quote(manager, poor, { courses: [height.id], users: [await learner(poor, 'Pat Poor')] })).json()) as {
      data: EnrolQuote;
    };
    // Short: the balance after shows what is missing, as the wizard's step 3 does.
    expect(data).toMatchObject({ credits: 3, is_enough: false, balance_after: -3 });
  });

  it('answers a re-enrol that cannot act with the enrol’s own 422', async () => {
    const { body } = await passed(companyA, 'Ray Renewed');
    expect((await reEnrol(managerA, companyA, body)).status).toBe(200);
    const refusal = await quote(managerA, companyA, body);
    expect(refusal.status).toBe(422);
    expect(((await refusal.json()) as Refusal).message).toBe(
      REPORTING_MESSAGES.alreadyReEnrolled('Ray Renewed', 'Ladder Safety', '01/06/2026'),
    );
  });

  it('refuses another company’s manager and a learner, and hides another company’s enrolment', async () => {
    const { body } = await passed(companyA, 'Tia Tenant');
    expect((await quote(managerB, companyA, body)).status).toBe(403);
    expect((await quote(learnerOfA, companyA, body)).status).toBe(403);
    expect((await quote(managerB, companyB, body)).status).toBe(404);
    // Company A's learner in company B's request is no employee of B.
    expect((await quote(managerB, companyB, { courses: [ladders.id], users: body.users })).status).toBe(422);
  });
});

describe('The admin’s enrol asks with the same quote (issue 32)', () => {
  it('prices a depot learner’s paid enrol for her company, and the admin’s enrol (passed on a day) takes exactly that', async () => {
    const { userId } = await passed(depotOfA, 'Ada Admin-Enrolled');
    const response = await quote(admin, depotOfA, { courses: [ladders.id], users: [userId] });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: EnrolQuote };
    expect(data.enrolments).toEqual([
      {
        user_id: userId,
        learner_name: 'Ada Admin-Enrolled',
        course_id: ladders.id,
        course_name: 'Ladder Safety',
        credits: 2,
        re_enrolment: true,
      },
    ]);
    const enrolled = await client(admin).call(adminEnrolUser, {
      params: { id: userId },
      body: { course_id: ladders.id, force: false, pass_date: '2026-05-30', send_pass_email: false },
    });
    expect(enrolled.status).toBe(200);
    for (const account of data.accounts) expect(await balance(account.company_id)).toBe(account.balance_after);
    expect(data.accounts.reduce((sum, a) => sum + a.credits, 0)).toBe(2);
  });
});

describe('Re-enrol spends once', () => {
  it('charges one of two identical requests at once, makes one enrolment, and refuses the other saying why', async () => {
    const { userId, body } = await passed(companyA, 'Tom Twice');
    const before = await balance(companyA);
    const answers = await Promise.all([reEnrol(managerA, companyA, body), reEnrol(managerA, companyA, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = answers.find((r) => r.status === 422)!;
    expect(((await refused.json()) as Refusal).errors?.enrollment_id?.[0]).toMatch(/Tom Twice|already/i);
    const enrolments = await em.fork().find(Enrolment, { userId }, { orderBy: { id: 'asc' } });
    expect(enrolments).toHaveLength(2);
    const charges = await em.fork().find(CreditTransaction, { enrolmentId: enrolments[1]!.id });
    expect(charges.map((c) => [c.kind, c.delta])).toEqual([['re-enrolment', -2]]);
    expect(await balance(companyA)).toBe(before - 2);
    // A retry later is a repeat: refused, nothing spent.
    expect((await reEnrol(managerA, companyA, body)).status).toBe(422);
    expect(await balance(companyA)).toBe(before - 2);
  });
});
