import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteEnrolment, editEnrolment, enrolmentForEdit, remindAll, remindEnrolment, REPORTING_MESSAGES } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { changeCredits } from '../credits/credit.repository';
import { chargeEnrolments } from '../credits/charge-credits';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { Enrolment } from '../enrolments/enrolment.entity';

const START = new Date('2026-06-01T10:00:00Z');
const HOUR = 60 * 60 * 1000;
let clock = START;
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
const ids = {} as Record<'company' | 'depot' | 'other' | 'course' | 'course2', number>;
const sessions = {} as Record<'manager' | 'otherManager' | 'learner', string>;

const as = (session: string) => new TestClient(app, { sessionToken: session });
async function learner(name: string, email: string | null, companyId = ids.company) {
  return (
    await world.identity.user({
      role: 'learner',
      companyId,
      name,
      email,
      loginCode: email ? null : `CODE${Math.floor(Math.random() * 1e6)}`,
    })
  ).id;
}
async function enrolment(
  userId: number,
  input: { companyId?: number; courseId?: number; status?: 'not_started' | 'in_progress' | 'passed'; paid?: number } = {},
) {
  const e = await makeEnrolment(em, {
    userId,
    courseId: input.courseId ?? ids.course,
    companyId: input.companyId ?? ids.company,
    status: input.status ?? 'not_started',
  });
  if (input.paid) {
    await em.transactional((tx) =>
      chargeEnrolments(tx, {
        companyId: e.companyId,
        charges: [{ enrolmentId: e.id, amount: input.paid!, kind: 'enrolment' }],
        actor: { userId: null, name: 'Test' },
      }),
    );
  }
  return e.id;
}
const balanceOf = async (companyId: number) => (await em.fork().findOne(CreditAccount, { companyId }))?.balance ?? 0;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => clock });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  ids.company = (await world.identity.company({ name: 'Builders Ltd' })).id;
  ids.depot = (await world.identity.company({ name: 'Builders East', parentId: ids.company })).id;
  ids.other = (await world.identity.company({ name: 'Other Co' })).id;
  await changeCredits(em, { companyId: ids.company, delta: 20, kind: 'purchase' });
  ids.course = (await world.catalogue.course({ name: 'Asbestos Awareness', creditCost: 3 })).id;
  ids.course2 = (await world.catalogue.course({ name: 'Fire Safety', creditCost: 1 })).id;
  sessions.manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: ids.company })).id);
  sessions.otherManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: ids.other })).id);
  sessions.learner = await world.identity.signIn(await learner('Lee Learner', 'lee@builders.test'));
});
afterAll(() => platform.close());

describe('edit and delete an enrolment', () => {
  it('shows a not-started enrolment with the depots to choose from', async () => {
    const id = await enrolment(await learner('Sam Show', null));
    const response = await as(sessions.manager).call(enrolmentForEdit, { params: { id } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { editable: boolean; depots: { id: number; name: string }[]; learner: { login_code: string | null } };
    };
    expect(data.editable).toBe(true);
    expect(data.depots).toEqual([
      { id: ids.company, name: 'Builders Ltd' },
      { id: ids.depot, name: 'Builders East' },
    ]);
    expect(data.learner.login_code).toMatch(/^CODE/);
  });

  it('edits the learner’s name, email and depot; a used email is a field error; started ones refuse', async () => {
    const userId = await learner('Ed Old', 'ed.old@builders.test');
    const id = await enrolment(userId);
    const ok = await as(sessions.manager).call(editEnrolment, {
      params: { id },
      body: { name: 'Ed New', email: 'ed.new@builders.test', depot: ids.depot },
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const [user] = await platform.identity.usersByIds([userId]);
    expect(user).toMatchObject({ name: 'Ed New', email: 'ed.new@builders.test', companyId: ids.depot });
    expect((await em.fork().findOne(Enrolment, { id }))!.companyId).toBe(ids.depot);

    const taken = await as(sessions.manager).call(editEnrolment, {
      params: { id },
      body: { name: 'Ed New', email: 'lee@builders.test', depot: ids.depot },
    });
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { errors: Record<string, string[]> }).errors.email).toBeDefined();
    const foreignDepot = await as(sessions.manager).call(editEnrolment, { params: { id }, body: { name: 'Ed New', depot: ids.other } });
    expect(foreignDepot.status).toBe(422);

    const started = await enrolment(userId, { courseId: ids.course2, status: 'in_progress' });
    const refused = await as(sessions.manager).call(editEnrolment, { params: { id: started }, body: { name: 'X Y', depot: ids.company } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(REPORTING_MESSAGES.onlyNotStarted);
  });

  it('deletes a not-started enrolment and refunds its cost as a ledger row; started ones refuse', async () => {
    const id = await enrolment(await learner('Del Me', 'del@builders.test'), { paid: 3 });
    const before = await balanceOf(ids.company);
    const response = await as(sessions.manager).call(deleteEnrolment, { params: { id } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refunded: number }).refunded).toBe(3);
    expect(await balanceOf(ids.company)).toBe(before + 3);
    const refund = await em.fork().findOne(CreditTransaction, { enrolmentId: id, kind: 'refund' });
    expect(refund).toMatchObject({ companyId: ids.company, delta: 3 });
    expect(await em.fork().count(Enrolment, { id })).toBe(0);

    const started = await enrolment(await learner('Busy Bee', 'busy@builders.test'), { status: 'in_progress', paid: 3 });
    expect((await as(sessions.manager).call(deleteEnrolment, { params: { id: started } })).status).toBe(422);
  });

  it('refuses another company’s manager and a learner on every one of them', async () => {
    const id = await enrolment(await learner('Tenant Test', 'tenant@builders.test'));
    for (const session of [sessions.otherManager, sessions.learner]) {
      expect((await as(session).call(enrolmentForEdit, { params: { id } })).status).toBe(403);
      expect((await as(session).call(editEnrolment, { params: { id }, body: { name: 'Hacked', depot: ids.other } })).status).toBe(403);
      expect((await as(session).call(deleteEnrolment, { params: { id } })).status).toBe(403);
    }
    expect(await em.fork().count(Enrolment, { id })).toBe(1);
  });
});

describe('reminders', () => {
  it('reminds one learner by mail with a sign-in link, at most once in 24 hours (injected clock)', async () => {
    clock = START;
    const id = await enrolment(await learner('Rita Remind', 'rita@builders.test'));
    const first = await as(sessions.manager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(((await first.json()) as { message: string }).message).toBe(REPORTING_MESSAGES.reminded);
    await platform.jobs.drain();
    const mail = platform.sentMail.find((m) => m.to === 'rita@builders.test')!;
    expect(mail.text).toMatch(/\/login\/link\/\S+/);
    expect((await em.fork().findOne(Enrolment, { id }))!.lastRemindedAt?.toISOString()).toBe(START.toISOString());

    clock = new Date(START.getTime() + 23 * HOUR);
    const again = await as(sessions.manager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { message: string }).message).toBe(REPORTING_MESSAGES.remindedRecently);

    clock = new Date(START.getTime() + 24 * HOUR);
    expect((await as(sessions.manager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } })).status).toBe(200);
    clock = START;
  });

  it('answers a learner without email with their login code instead', async () => {
    const userId = await learner('Nora Nomail', null);
    const id = await enrolment(userId);
    const response = await as(sessions.manager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reminded: number; no_email: { enrollment_id: number; login_code: string }[] };
    expect(body.reminded).toBe(0);
    expect(body.no_email).toEqual([expect.objectContaining({ enrollment_id: id, login_code: expect.stringMatching(/^CODE/) })]);
  });

  it('reminds all not-started learners of the chosen courses in the company and its depots, skipping the recently reminded', async () => {
    clock = new Date(START.getTime() + 100 * HOUR);
    const course = (await world.catalogue.course({ name: 'Working at Height' })).id;
    const a = await enrolment(await learner('All One', 'all1@builders.test'), { courseId: course });
    await enrolment(await learner('All Two', 'all2@builders.test', ids.depot), { courseId: course, companyId: ids.depot });
    await enrolment(await learner('All Three', null), { courseId: course });
    await enrolment(await learner('All Busy', 'busy2@builders.test'), { courseId: course, status: 'in_progress' });
    await enrolment(await learner('Else Where', 'else@other.test', ids.other), { courseId: course, companyId: ids.other });
    expect((await as(sessions.manager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: a } })).status).toBe(200);

    const response = await as(sessions.manager).call(remindAll, { params: { companyId: ids.company }, body: { courses: [course] } });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { reminded: number; skipped_recent: number; no_email: { name: string }[] };
    expect(body).toMatchObject({ reminded: 1, skipped_recent: 1 });
    expect(body.no_email.map((n) => n.name)).toEqual(['All Three']);
    await platform.jobs.drain();
    expect(platform.sentMail.some((m) => m.to === 'else@other.test')).toBe(false);
    expect(platform.sentMail.some((m) => m.to === 'all2@builders.test')).toBe(true);
    clock = START;
  });

  it('refuses remind with another company’s ids, and a learner', async () => {
    const id = await enrolment(await learner('Far Away', 'far@builders.test'));
    // Another manager, naming their own company in the path but our enrolment.
    expect((await as(sessions.otherManager).call(remindEnrolment, { params: { companyId: ids.other, enrollmentId: id } })).status).toBe(
      403,
    );
    expect((await as(sessions.otherManager).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } })).status).toBe(
      403,
    );
    expect((await as(sessions.otherManager).call(remindAll, { params: { companyId: ids.company }, body: { courses: [] } })).status).toBe(
      403,
    );
    expect((await as(sessions.learner).call(remindEnrolment, { params: { companyId: ids.company, enrollmentId: id } })).status).toBe(403);
    expect((await as(sessions.learner).call(remindAll, { params: { companyId: ids.company }, body: { courses: [] } })).status).toBe(403);
    expect((await em.fork().findOne(Enrolment, { id }))!.lastRemindedAt ?? null).toBeNull();
  });
});
