import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_EMAIL, type LearnerEnrolment, type Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

const unique = () => randomBytes(4).toString('hex');
const DAY = 24 * 60 * 60 * 1000;
/** The service's clock in this file; whole seconds, as MySQL DATETIME keeps them. */
const NOW = new Date('2026-06-15T12:00:00Z');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let companyId: number;

function makeUser(em: Em, role: Role, extra: { wpUser?: boolean } = {}) {
  return world.identity.user({ role, companyId, purchasedAccount: extra.wpUser ?? false });
}
function makeCourse(em: Em, name: string) {
  return world.catalogue.course({ name, description: `<p>About ${name}.</p>`, wpLink: `https://shop.example.test/${unique()}` });
}
function enrol(
  em: Em,
  userId: number,
  courseId: number,
  status: EnrolmentStatus,
  extra: { passedAt?: Date; expiresAt?: Date; code?: string; createdAt: Date },
) {
  return makeEnrolment(em, {
    userId,
    courseId,
    companyId,
    status,
    passedAt: extra.passedAt ?? null,
    expiresAt: extra.expiresAt ?? null,
    certificateCode: extra.code ?? null,
    createdAt: extra.createdAt,
  });
}

interface DashboardBody {
  learner_name: string;
  enrollments: LearnerEnrolment[];
  help_email: string;
  is_purchased_account: boolean;
}

let learner: { id: number; name: string };
let otherLearner: { id: number };
let managerSession: string;
let learnerSession: string;
let purchasedSession: string;
const ids = {} as Record<'notStarted' | 'inProgress' | 'passed' | 'failed' | 'expired' | 'otherLearners' | 'removedCourse', number>;
const courses = {} as Record<'fire' | 'ladders' | 'forklift' | 'asbestos' | 'noise', { id: number; name: string; wpLink?: string | null }>;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  companyId = (await world.identity.company({ name: `Builders ${unique()}` })).id;

  const user = await makeUser(em, 'learner');
  learner = { id: user.id, name: user.name };
  otherLearner = await makeUser(em, 'learner');
  const purchased = await makeUser(em, 'learner', { wpUser: true });
  const manager = await makeUser(em, 'manager');
  learnerSession = await world.identity.signIn(learner.id);
  purchasedSession = await world.identity.signIn(purchased.id);
  managerSession = await world.identity.signIn(manager.id);

  courses.fire = await makeCourse(em, 'Fire Safety');
  courses.ladders = await makeCourse(em, 'Ladder Safety');
  courses.forklift = await makeCourse(em, 'Forklift Basics');
  courses.asbestos = await makeCourse(em, 'Asbestos Awareness');
  courses.noise = await makeCourse(em, 'Noise at Work');
  const created = (daysAgo: number) => daysFromNow(-daysAgo);
  ids.notStarted = (await enrol(em, learner.id, courses.fire.id, 'not_started', { createdAt: created(1) })).id;
  ids.inProgress = (await enrol(em, learner.id, courses.ladders.id, 'in_progress', { createdAt: created(2) })).id;
  ids.passed = (
    await enrol(em, learner.id, courses.forklift.id, 'passed', {
      passedAt: daysFromNow(-10),
      expiresAt: daysFromNow(355),
      code: `CERT-${unique().toUpperCase()}`,
      createdAt: created(20),
    })
  ).id;
  ids.failed = (
    await enrol(em, learner.id, courses.asbestos.id, 'failed', { code: `STALE-${unique().toUpperCase()}`, createdAt: created(30) })
  ).id;
  ids.expired = (
    await enrol(em, learner.id, courses.noise.id, 'passed', {
      passedAt: daysFromNow(-400),
      expiresAt: daysFromNow(-35),
      code: `OLD-${unique().toUpperCase()}`,
      createdAt: created(410),
    })
  ).id;
  ids.otherLearners = (await enrol(em, otherLearner.id, courses.fire.id, 'in_progress', { createdAt: created(0) })).id;
  const gone = await makeCourse(em, 'Withdrawn Course');
  ids.removedCourse = (await enrol(em, otherLearner.id, gone.id, 'not_started', { createdAt: created(3) })).id;
  world.catalogue.courses.delete(gone.id);
});
afterAll(() => platform.close());

async function dashboard(session: string): Promise<DashboardBody> {
  const response = await new TestClient(app, { sessionToken: session }).request('/api/learner/dashboard');
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardBody;
}

describe('GET /api/learner/dashboard', () => {
  it("lists only the signed-in learner's enrolments, newest first, with their course names", async () => {
    const body = await dashboard(learnerSession);
    expect(body.learner_name).toBe(learner.name);
    expect(body.help_email).toBe(HELP_EMAIL);
    expect(body.is_purchased_account).toBe(false);
    expect(body.enrollments.map((e) => e.id)).toEqual([ids.notStarted, ids.inProgress, ids.passed, ids.failed, ids.expired]);
    expect(body.enrollments.map((e) => e.id)).not.toContain(ids.otherLearners);
    expect(body.enrollments.map((e) => e.course.name)).toEqual([
      'Fire Safety',
      'Ladder Safety',
      'Forklift Basics',
      'Asbestos Awareness',
      'Noise at Work',
    ]);
    expect(body.enrollments[0]!.course).toEqual({
      id: courses.fire.id,
      name: 'Fire Safety',
      description: '<p>About Fire Safety.</p>',
      wp_link: courses.fire.wpLink,
    });
  });

  it('gives each card its state and flags, and a certificate code only for a passed course', async () => {
    const byId = new Map((await dashboard(learnerSession)).enrollments.map((e) => [e.id, e]));
    const flags = (e: LearnerEnrolment) => ({
      state: e.state,
      passed: e.passed,
      expired: e.expired,
      in_progress: e.in_progress,
      not_started: e.not_started,
      failed: e.failed,
    });
    expect(flags(byId.get(ids.notStarted)!)).toEqual({
      state: 'not-started',
      passed: false,
      expired: false,
      in_progress: false,
      not_started: true,
      failed: false,
    });
    expect(flags(byId.get(ids.inProgress)!)).toEqual({
      state: 'in-progress',
      passed: false,
      expired: false,
      in_progress: true,
      not_started: false,
      failed: false,
    });
    expect(flags(byId.get(ids.passed)!)).toEqual({
      state: 'passed',
      passed: true,
      expired: false,
      in_progress: false,
      not_started: false,
      failed: false,
    });
    expect(flags(byId.get(ids.failed)!)).toEqual({
      state: 'failed',
      passed: false,
      expired: false,
      in_progress: false,
      not_started: false,
      failed: true,
    });
    expect(flags(byId.get(ids.expired)!)).toEqual({
      state: 'expired',
      passed: true,
      expired: true,
      in_progress: false,
      not_started: false,
      failed: false,
    });

    const passed = byId.get(ids.passed)!;
    expect(passed.passed_at).toBe(daysFromNow(-10).toISOString());
    expect(passed.expired_at).toBe(daysFromNow(355).toISOString());
    expect(passed.certificate_code).toMatch(/^CERT-/);
    expect(byId.get(ids.expired)!.expired_at).toBe(daysFromNow(-35).toISOString());
    expect(byId.get(ids.failed)!.certificate_code).toBeNull();
    expect(byId.get(ids.notStarted)!.passed_at).toBeNull();
  });

  it('names a course that no longer exists instead of failing', async () => {
    const other = await world.identity.signIn(otherLearner.id);
    const body = await dashboard(other);
    expect(body.enrollments.map((e) => e.id)).toEqual([ids.otherLearners, ids.removedCourse]);
    expect(body.enrollments[1]!.course.name).toBe('Course no longer available');
  });

  it('shows one card per course: a re-enrolment, with the pass it renews as its history and no expired card beside it (issue 32 item 4)', async () => {
    const em = platform.orm.em.fork();
    const renewed = await makeUser(em, 'learner');
    const expiredPass = await enrol(em, renewed.id, courses.noise.id, 'passed', {
      passedAt: daysFromNow(-400),
      expiresAt: daysFromNow(-35),
      code: `OLD-${unique().toUpperCase()}`,
      createdAt: daysFromNow(-410),
    });
    await enrol(em, renewed.id, courses.noise.id, 'failed', { createdAt: daysFromNow(-500) });
    const renewal = await enrol(em, renewed.id, courses.noise.id, 'not_started', { createdAt: daysFromNow(-2) });
    const other = await enrol(em, renewed.id, courses.fire.id, 'not_started', { createdAt: daysFromNow(-1) });
    const body = await dashboard(await world.identity.signIn(renewed.id));
    expect(body.enrollments.map((e) => e.id)).toEqual([other.id, renewal.id]);
    expect(body.enrollments.map((e) => e.id)).not.toContain(expiredPass.id);
    const card = body.enrollments[1]!;
    expect(card.state).toBe('not-started');
    expect(card.renewal).toEqual({
      renewed_at: daysFromNow(-2).toISOString(),
      previous_passed_at: daysFromNow(-400).toISOString(),
      previous_expires_at: daysFromNow(-35).toISOString(),
      previous_expired: true,
    });
    expect(body.enrollments[0]!.renewal).toBeNull();
  });

  it('is empty for a learner with no enrolments, and flags a purchased (shop) account', async () => {
    const body = await dashboard(purchasedSession);
    expect(body.enrollments).toEqual([]);
    expect(body.is_purchased_account).toBe(true);
  });

  it('refuses a manager with 403 and an anonymous caller with 401', async () => {
    const manager = await new TestClient(app, { sessionToken: managerSession }).request('/api/learner/dashboard');
    expect(manager.status).toBe(403);
    expect(((await manager.json()) as { message: string }).message).toBe('You are not allowed to do that.');
    expect((await new TestClient(app).request('/api/learner/dashboard')).status).toBe(401);
  });
});
