import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeCreditAccount, type EnrolmentTestWorld } from '../../testing';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { Enrolment } from '../enrolments/enrolment.entity';

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let adminSession: string;
let companyId: number;
let courseId: number;

async function makeLearner(name: string) {
  const user = await world.identity.user({
    role: 'learner',
    companyId,
    name,
    email: `${name.toLowerCase().replace(/\W/g, '')}@example.test`,
  });
  return user.id;
}
const enrol = (userId: number, body: Record<string, unknown>) =>
  new TestClient(app, { sessionToken: adminSession }).request(`/api/user/${userId}/enroll`, { method: 'POST', json: body });
const balance = async () => (await em.fork().findOneOrFail(CreditAccount, { companyId })).balance;

beforeAll(async () => {
  world = await createEnrolmentTestWorld();
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  companyId = (await world.identity.company({ name: 'Scaffolders Ltd' })).id;
  const platformCompany = await world.identity.company({ name: 'Portal' });
  await makeCreditAccount(em, companyId, 5);
  courseId = (await world.catalogue.course({ name: 'Ladder Safety', description: '', creditCost: 2, validityYears: 3 })).id;
  const admin = await world.identity.user({ role: 'admin', companyId: platformCompany.id, name: 'Admin', email: 'admin@example.test' });
  adminSession = await world.identity.signIn(admin.id);
});
afterAll(() => platform.close());

describe('POST /api/user/{id}/enroll', () => {
  it('spends the course’s credits from the user’s company in the same step as the enrolment', async () => {
    const userId = await makeLearner('Ann Able');
    const response = await enrol(userId, { course_id: courseId });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: { id: number; status: string } };
    expect(body.message).toBe('User successfully enrolled in course!');
    expect(body.data.status).toBe('not_started');
    expect(await balance()).toBe(3);
    const ledger = await em.fork().find(CreditTransaction, { enrolmentId: body.data.id });
    expect(ledger.map((t) => [t.kind, t.delta])).toEqual([['enrolment', -2]]);
  });

  it('refuses a second open enrolment on the same course unless forced', async () => {
    const userId = await makeLearner('Ben Busy');
    expect((await enrol(userId, { course_id: courseId })).status).toBe(200);
    const again = await enrol(userId, { course_id: courseId });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { errors: Record<string, string[]> }).errors.course_id).toEqual([
      'This learner is already enrolled on this course.',
    ]);
  });

  it('refuses when the company has too few credits, and spends nothing', async () => {
    const userId = await makeLearner('Cat Broke');
    const before = await balance();
    expect(before).toBeLessThan(2);
    const response = await enrol(userId, { course_id: courseId });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors.course_id).toEqual([
      'You do not have enough credits for this enrollment',
    ]);
    expect(await balance()).toBe(before);
    expect(await em.fork().count(Enrolment, { userId })).toBe(0);
  });

  it('with force enrols without spending credits', async () => {
    const userId = await makeLearner('Dan Forced');
    const before = await balance();
    const response = await enrol(userId, { course_id: courseId, force: true });
    expect(response.status).toBe(200);
    expect(await balance()).toBe(before);
  });

  it('with a pass date enrols as passed, with a certificate and an expiry from the validity years, and mails the learner', async () => {
    const userId = await makeLearner('Eve Passed');
    const response = await enrol(userId, { course_id: courseId, force: true, pass_date: '2026-03-15', send_pass_email: true });
    const body = (await response.json()) as { data: { id: number; status: string; certificate_code: string } };
    expect(body.data.status).toBe('passed');
    const enrolment = await em.fork().findOneOrFail(Enrolment, { id: body.data.id });
    expect(enrolment.passedAt?.toISOString().slice(0, 10)).toBe('2026-03-15');
    expect(enrolment.expiresAt?.toISOString().slice(0, 10)).toBe('2029-03-15');
    expect(enrolment.certificateCode).toBe(body.data.certificate_code);
    await platform.jobs.drain();
    const mail = platform.sentMail.at(-1)!;
    expect(mail.to).toBe('evepassed@example.test');
    expect(mail.text).toContain(`/verify?code=${body.data.certificate_code}`);
  });

  it('refuses a pass date in the future and an unknown course', async () => {
    const userId = await makeLearner('Fay Future');
    const future = await enrol(userId, { course_id: courseId, force: true, pass_date: '2999-01-01' });
    expect(future.status).toBe(422);
    expect(((await future.json()) as { errors: Record<string, string[]> }).errors.pass_date).toBeDefined();
    const unknown = await enrol(userId, { course_id: 99999, force: true });
    expect(unknown.status).toBe(422);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await enrol(99999, { course_id: courseId, force: true })).status).toBe(404);
  });
});
