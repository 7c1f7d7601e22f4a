import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '@portal/service-kit';
import type { TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { LearnerActivity } from '../activities/learner-activity.entity';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { changeCredits } from '../credits/credit.repository';
import { openAttempt } from '../player/launch-course';
import { ScoState, ScormAttempt } from '../player/scorm.entity';
import { Enrolment } from '../enrolments/enrolment.entity';
import { removeEnrolmentsOf, removeEnrolmentsOfCourse } from './remove-enrolments';

// Enrolment keeps other services' ids without foreign keys: plain numbers stand for them here.
const NOW = new Date('2026-06-15T12:00:00Z');

let world: EnrolmentTestWorld;
let platform: TestPlatform;
beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
});
afterAll(() => platform.close());

/** An enrolment with a player session, a SCO's state and a completed activity hanging off it. */
async function enrolmentWithProgress(em: Em, input: { userId: number; courseId: number; companyId: number }) {
  const enrolment = await makeEnrolment(em, { ...input, status: 'in_progress' });
  const attempt = await openAttempt(em, { enrolmentId: enrolment.id, userId: input.userId, now: NOW });
  em.create(ScoState, { enrolmentId: enrolment.id, scoIdentifier: 'sco-1', attemptId: attempt.id, seq: 1, progress: 'incomplete' });
  em.create(LearnerActivity, { enrolmentId: enrolment.id, activityId: 1, completedAt: NOW });
  await em.flush();
  return enrolment;
}

async function rowsOf(em: Em, enrolmentId: number) {
  const byEnrolment = { enrolmentId };
  return {
    enrollments: await em.count(Enrolment, { id: enrolmentId }),
    attempts: await em.count(ScormAttempt, byEnrolment),
    states: await em.count(ScoState, byEnrolment),
    activities: await em.count(LearnerActivity, byEnrolment),
  };
}

describe('removeEnrolmentsOfCourse', () => {
  it("deletes the course's enrolments with what hangs off them and refunds what each company paid", async () => {
    const em = platform.orm.em.fork();
    const [course, otherCourse, paying, forced] = [501, 502, 11, 12];
    await changeCredits(em, { companyId: paying, delta: 10, kind: 'purchase' });
    const paid = await enrolmentWithProgress(em, { userId: 1, courseId: course, companyId: paying });
    await changeCredits(em, { companyId: paying, delta: -3, kind: 'enrolment', enrolmentId: paid.id });
    // An admin's forced enrolment costs nothing, so nothing comes back for it.
    const free = await enrolmentWithProgress(em, { userId: 2, courseId: course, companyId: forced });
    const elsewhere = await enrolmentWithProgress(em, { userId: 1, courseId: otherCourse, companyId: paying });

    expect(await removeEnrolmentsOfCourse(platform.orm.em.fork(), course)).toEqual({ removed: 2, refunded: 3 });

    const fresh = platform.orm.em.fork();
    for (const gone of [paid, free])
      expect(await rowsOf(fresh, gone.id)).toEqual({ enrollments: 0, attempts: 0, states: 0, activities: 0 });
    expect(await rowsOf(fresh, elsewhere.id)).toEqual({ enrollments: 1, attempts: 1, states: 1, activities: 1 });
    expect((await fresh.findOneOrFail(CreditAccount, { companyId: paying })).balance).toBe(10);
    expect(await fresh.find(CreditTransaction, { companyId: paying, kind: 'refund' })).toMatchObject([
      { delta: 3, enrolmentId: paid.id, note: `Course ${course} deleted` },
    ]);
    expect(await fresh.count(CreditTransaction, { companyId: forced })).toBe(0);
  });

  it('removes nothing from a course without enrolments', async () => {
    expect(await removeEnrolmentsOfCourse(platform.orm.em.fork(), 599)).toEqual({ removed: 0, refunded: 0 });
  });
});

describe('removeEnrolmentsOf', () => {
  it('deletes the enrolments of these users and those bought by these companies, without refunds', async () => {
    const em = platform.orm.em.fork();
    const [leaver, leavingCompany, staying] = [31, 32, 33];
    const ofLeaver = await enrolmentWithProgress(em, { userId: leaver, courseId: 601, companyId: staying });
    const boughtByCompany = await enrolmentWithProgress(em, { userId: 34, courseId: 601, companyId: leavingCompany });
    const kept = await enrolmentWithProgress(em, { userId: 35, courseId: 601, companyId: staying });

    expect(await removeEnrolmentsOf(platform.orm.em.fork(), { userIds: [leaver], companyIds: [leavingCompany] })).toEqual({ removed: 2 });

    const fresh = platform.orm.em.fork();
    for (const gone of [ofLeaver, boughtByCompany])
      expect(await rowsOf(fresh, gone.id)).toEqual({ enrollments: 0, attempts: 0, states: 0, activities: 0 });
    expect(await rowsOf(fresh, kept.id)).toEqual({ enrollments: 1, attempts: 1, states: 1, activities: 1 });
    expect(await fresh.count(CreditTransaction, { kind: 'refund', companyId: { $in: [staying, leavingCompany] } })).toBe(0);
  });

  it('removes nothing when given nobody', async () => {
    expect(await removeEnrolmentsOf(platform.orm.em.fork(), { userIds: [], companyIds: [] })).toEqual({ removed: 0 });
  });
});
