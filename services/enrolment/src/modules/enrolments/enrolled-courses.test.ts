import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';

const NOW = new Date('2026-06-01T10:00:00Z');
let world: EnrolmentTestWorld;
let platform: TestPlatform;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
});
afterAll(() => platform.close());

describe('enrolment port: enrolledCourseIds and enrolledCourseNames', () => {
  it('counts every enrolment as open except a pass whose certificate has expired, and names all of a learner’s courses', async () => {
    const em = platform.orm.em.fork();
    const companyId = world.identity.company().id;
    const [a, b, c, d] = await Promise.all(['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => world.catalogue.course({ name })));
    const user = (await world.identity.user({ role: 'learner', companyId })).id;
    const nobody = (await world.identity.user({ role: 'learner', companyId })).id;
    await makeEnrolment(em, { userId: user, courseId: a!.id, companyId });
    await makeEnrolment(em, { userId: user, courseId: b!.id, companyId, status: 'failed' });
    await makeEnrolment(em, { userId: user, courseId: c!.id, companyId, status: 'passed', expiresAt: new Date('2027-01-01') });
    await makeEnrolment(em, { userId: user, courseId: d!.id, companyId, status: 'passed', expiresAt: new Date('2026-01-01') });
    const ids = await platform.enrolment.enrolledCourseIds([nobody, user], [a!.id, b!.id, c!.id, d!.id]);
    expect(ids).toEqual(
      [
        { userId: nobody, courseIds: [] },
        { userId: user, courseIds: [a!.id, b!.id, c!.id].sort((x, y) => x - y) },
      ].map((entry) => ({ ...entry, courseIds: expect.arrayContaining(entry.courseIds) as number[] })),
    );
    expect(ids[1]!.courseIds).toHaveLength(3);
    const names = await platform.enrolment.enrolledCourseNames([user, nobody]);
    expect(names).toEqual([
      { userId: user, courseNames: ['Alpha', 'Bravo', 'Charlie', 'Delta'] },
      { userId: nobody, courseNames: [] },
    ]);
  });
});
