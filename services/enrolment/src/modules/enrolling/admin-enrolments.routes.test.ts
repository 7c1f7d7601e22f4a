import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeleteEnrolment, ENROLLING_MESSAGES, manualPass, userEnrolments, type AdminEnrolment } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { changeCredits } from '../credits/credit.repository';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { Enrolment } from '../enrolments/enrolment.entity';

const NOW = new Date('2026-06-01T10:00:00Z');
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let companyId: number;
let depotId: number;
let adminSession: string;
let managerSession: string;
let course: { id: number; name: string };

const admin = () => new TestClient(app, { sessionToken: adminSession });
const learner = async (name = 'Lee Learner', company = companyId) =>
  (await world.identity.user({ role: 'learner', companyId: company, name })).id;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  companyId = (await world.identity.company({ name: 'Builders Ltd' })).id;
  depotId = (await world.identity.company({ name: 'Builders East', parentId: companyId })).id;
  await changeCredits(em, { companyId, delta: 20, kind: 'purchase' });
  await changeCredits(em, { companyId: depotId, delta: 20, kind: 'purchase' });
  const platformCompany = await world.identity.company({ name: 'Portal' });
  adminSession = await world.identity.signIn(
    (await world.identity.user({ role: 'admin', companyId: platformCompany.id, name: 'Ada Admin' })).id,
  );
  managerSession = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId })).id);
  const made = await world.catalogue.course({ name: 'Asbestos Awareness', creditCost: 3, validityYears: 2 });
  course = { id: made.id, name: made.name };
});
afterAll(() => platform.close());

describe('GET /api/user/{id}/allEnrollment', () => {
  it('lists a user’s enrolments newest first with the course names; admins only', async () => {
    const userId = await learner();
    const other = await world.catalogue.course({ name: 'Fire Safety' });
    await makeEnrolment(em, { userId, courseId: course.id, companyId, createdAt: new Date('2026-01-01') });
    await makeEnrolment(em, {
      userId,
      courseId: other.id,
      companyId,
      status: 'passed',
      createdAt: new Date('2026-02-01'),
      passedAt: new Date('2026-02-02'),
      certificateCode: 'CERT-ABC',
    });
    const response = await admin().call(userEnrolments, { params: { id: userId } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: AdminEnrolment[] };
    expect(body.data.map((e) => [e.course.name, e.status, e.certificate_code, e.manual_pass])).toEqual([
      ['Fire Safety', 'passed', 'CERT-ABC', null],
      ['Asbestos Awareness', 'not_started', null, null],
    ]);
    expect((await new TestClient(app, { sessionToken: managerSession }).call(userEnrolments, { params: { id: userId } })).status).toBe(403);
    expect((await admin().call(userEnrolments, { params: { id: 999_999 } })).status).toBe(404);
  });
});

describe('POST /api/course/{enrolmentId}/manualPass', () => {
  it('needs a reason', async () => {
    const enrolment = await makeEnrolment(em, { userId: await learner(), courseId: course.id, companyId });
    const response = await admin().call(manualPass, { params: { enrollmentId: enrolment.id }, body: { reason: ' ' } });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors.reason).toEqual([ENROLLING_MESSAGES.reasonRequired]);
  });

  it('passes it today with a certificate and an expiry from the validity, keeping why, who and when', async () => {
    const enrolment = await makeEnrolment(em, { userId: await learner(), courseId: course.id, companyId, status: 'in_progress' });
    const response = await admin().call(manualPass, {
      params: { enrollmentId: enrolment.id },
      body: { reason: 'Passed the paper test on site' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: AdminEnrolment };
    expect(body.message).toBe(ENROLLING_MESSAGES.markedPassed);
    expect(body.data).toMatchObject({
      status: 'passed',
      passed_at: NOW.toISOString(),
      expires_at: '2028-06-01T10:00:00.000Z',
      manual_pass: { reason: 'Passed the paper test on site', by: 'Ada Admin', at: NOW.toISOString() },
    });
    expect(body.data.certificate_code).toMatch(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
    const stored = await em.fork().findOneOrFail(Enrolment, { id: enrolment.id });
    expect(stored.manualPassReason).toBe('Passed the paper test on site');
    expect(stored.certificateCode).toBe(body.data.certificate_code);
    // Passed already: refused.
    expect((await admin().call(manualPass, { params: { enrollmentId: enrolment.id }, body: { reason: 'Again please' } })).status).toBe(422);
  });
});

describe('POST /api/user/{id}/deleteEnroll/{enrolmentId}', () => {
  it('deletes the enrolment and answers how many are left; a started one is not refunded', async () => {
    const userId = await learner();
    const a = await makeEnrolment(em, { userId, courseId: course.id, companyId, status: 'in_progress' });
    await makeEnrolment(em, { userId, courseId: course.id, companyId, status: 'passed' });
    const response = await admin().call(adminDeleteEnrolment, { params: { id: userId, enrollmentId: a.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: ENROLLING_MESSAGES.deleted, remaining: 1, refunded: 0 });
    expect(await em.fork().count(Enrolment, { id: a.id })).toBe(0);
  });

  it('answers 404 for another user’s enrolment', async () => {
    const enrolment = await makeEnrolment(em, { userId: await learner(), courseId: course.id, companyId });
    expect((await admin().call(adminDeleteEnrolment, { params: { id: await learner(), enrollmentId: enrolment.id } })).status).toBe(404);
  });

  it('refunds a paid enrolment not yet started to the company that paid', async () => {
    const userId = await learner();
    const enrolled = await admin().request(`/api/user/${userId}/enroll`, { method: 'POST', json: { course_id: course.id } });
    const enrolmentId = ((await enrolled.json()) as { data: { id: number } }).data.id;
    const before = (await em.fork().findOneOrFail(CreditAccount, { companyId })).balance;
    const response = await admin().call(adminDeleteEnrolment, { params: { id: userId, enrollmentId: enrolmentId } });
    expect(await response.json()).toMatchObject({ remaining: 0, refunded: 3 });
    expect((await em.fork().findOneOrFail(CreditAccount, { companyId })).balance).toBe(before + 3);
    const ledger = await em.fork().find(CreditTransaction, { companyId });
    expect(ledger.reduce((sum, t) => sum + t.delta, 0)).toBe(before + 3);
  });
});

describe('POST /api/user/{id}/enroll (admin, through the one enrol use case)', () => {
  it('enrols a depot’s learner on a course specific to the depot’s parent, paid by the depot', async () => {
    const parentsOwn = await world.catalogue.course({ name: 'Builders Induction', companyId, creditCost: 2 });
    const userId = await learner('Dee Depot', depotId);
    const response = await admin().request(`/api/user/${userId}/enroll`, { method: 'POST', json: { course_id: parentsOwn.id } });
    expect(response.status).toBe(200);
    const enrolment = await em.fork().findOneOrFail(Enrolment, { userId });
    expect(enrolment.companyId).toBe(depotId);
    const ledger = await em.fork().find(CreditTransaction, { enrolmentId: enrolment.id });
    expect(ledger.reduce((sum, t) => sum + t.delta, 0)).toBe(-2);
  });

  it('refuses a course specific to another company', async () => {
    const stranger = world.identity.company();
    const theirs = await world.catalogue.course({ name: 'Stranger Induction', companyId: stranger.id });
    const response = await admin().request(`/api/user/${await learner()}/enroll`, {
      method: 'POST',
      json: { course_id: theirs.id, force: true },
    });
    expect(response.status).toBe(422);
  });
});
