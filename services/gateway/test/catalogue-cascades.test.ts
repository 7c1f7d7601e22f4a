import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits, CreditAccount, Enrolment } from '@portal/enrolment-service/testing';
import { CompanyCourse } from '@portal/catalogue-service/testing';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';

/** Catalogue routes that need enrolment's answers: removing a course, leaving a selection. */
let harness: GatewayHarness;
beforeAll(async () => {
  harness = await createGatewayHarness();
});
afterAll(() => harness.close());

describe('course selection with enrolments', () => {
  it('keeps a course with enrolments of the company in its selection; another company may still remove it', async () => {
    const em = harness.platform.orm.em.fork();
    const company = await makeCompany(em, { credits: 10 });
    const other = await makeCompany(em, { credits: 10 });
    const manager = harness.client(await signInAs(em, (await makeUser(em, { role: 'manager', companyId: company.id })).id));
    const otherManager = harness.client(await signInAs(em, (await makeUser(em, { role: 'manager', companyId: other.id })).id));
    const learner = await makeUser(em, { role: 'learner', companyId: company.id });
    const course = await makeCourse(em);
    const toggle = (client: typeof manager) => client.request(`/api/courses/${course.id}/toggle`, { method: 'POST', json: {} });

    expect(((await (await toggle(manager)).json()) as { data: number[] }).data).toEqual([course.id]);
    expect((await toggle(otherManager)).status).toBe(200);
    await makeEnrolment(em, { userId: learner.id, courseId: course.id, companyId: company.id });

    const refused = await toggle(manager);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/has enrolments/);
    expect((await em.fork().findOneOrFail(CompanyCourse, { companyId: company.id, courseId: course.id })).selected).toBe(true);
    const listed = (await (await manager.request(`/api/courses?search=${encodeURIComponent(course.name)}`)).json()) as {
      data: { has_enrollments: boolean }[];
    };
    expect(listed.data[0]!.has_enrollments).toBe(true);

    // The other company has no enrolments on it: it can leave.
    expect(((await (await toggle(otherManager)).json()) as { data: number[] }).data).toEqual([]);
  });
});

describe('DELETE /api/courses/{id}', () => {
  it('removes the course, its enrolments, and returns their credits to the companies that paid', async () => {
    const em = harness.platform.orm.em.fork();
    const company = await makeCompany(em, { credits: 10 });
    const admin = harness.client(await signInAs(em, (await makeUser(em, { role: 'admin', companyId: company.id })).id));
    const learner = await makeUser(em, { role: 'learner', companyId: company.id });
    const course = await makeCourse(em, { creditCost: 3 });
    const enrolment = await makeEnrolment(em, { userId: learner.id, courseId: course.id, companyId: company.id });
    // What enrolment records when it spends credits (its ledger is its own business).
    await changeCredits(em, { companyId: company.id, delta: -3, kind: 'enrolment', enrolmentId: enrolment.id });

    const response = await admin.request(`/api/courses/${course.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, removed_enrollments: 1, refunded_credits: 3 });
    const fresh = em.fork();
    expect(await fresh.count(Enrolment, { courseId: course.id })).toBe(0);
    expect((await fresh.findOneOrFail(CreditAccount, { companyId: company.id })).balance).toBe(10);
    expect((await admin.request(`/api/courses/${course.id}`)).status).toBe(404);
    expect((await admin.request(`/api/courses/${course.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
