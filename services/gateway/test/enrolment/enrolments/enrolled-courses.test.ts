import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { makeEnrolment } from '@portal/enrolment-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

const NOW = new Date('2026-06-01T10:00:00Z');
let platform: TestPlatform;

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService], now: () => NOW });
});
afterAll(() => platform.close());

describe('enrolment port: enrolledCourseIds and enrolledCourseNames', () => {
  it('counts every enrolment as open except a pass whose certificate has expired, and names all of a learner’s courses', async () => {
    const em = platform.orm.em.fork();
    const companyId = (await makeCompany(em)).id;
    const [a, b, c, d] = await Promise.all(['Alpha', 'Bravo', 'Charlie', 'Delta'].map((name) => makeCourse(em.fork(), { name })));
    const user = (await makeUser(em, { role: 'learner', companyId })).id;
    const nobody = (await makeUser(em, { role: 'learner', companyId })).id;
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
