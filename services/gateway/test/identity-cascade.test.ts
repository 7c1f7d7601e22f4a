import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditTransaction, Enrolment } from '@portal/enrolment-service/testing';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';

/** Identity's deletes and balance edits reach enrolment's real tables, through enrolment's port. */
let harness: GatewayHarness;
let adminToken: string;
beforeAll(async () => {
  harness = await createGatewayHarness();
  const em = harness.platform.orm.em.fork();
  const home = await makeCompany(em, { name: 'Platform' });
  adminToken = await signInAs(em, (await makeUser(em, { role: 'admin', companyId: home.id })).id);
});
afterAll(() => harness.close());

const em = () => harness.platform.orm.em.fork();
const asAdmin = () => harness.client(adminToken);

describe('identity cascades into enrolment', () => {
  it('deleting a user deletes their enrolments and no one else’s', async () => {
    const company = await makeCompany(em(), { credits: 5 });
    const course = await makeCourse(em());
    const gone = await makeUser(em(), { role: 'learner', companyId: company.id });
    const stays = await makeUser(em(), { role: 'learner', companyId: company.id });
    await makeEnrolment(em(), { userId: gone.id, courseId: course.id, companyId: company.id });
    await makeEnrolment(em(), { userId: stays.id, courseId: course.id, companyId: company.id });
    expect((await asAdmin().request(`/api/user/${gone.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await em().count(Enrolment, { userId: gone.id })).toBe(0);
    expect(await em().count(Enrolment, { userId: stays.id })).toBe(1);
  });

  it('deleting a company deletes the enrolments of its users and depots', async () => {
    const company = await makeCompany(em(), { credits: 5 });
    const depot = await makeCompany(em(), { parentId: company.id });
    const course = await makeCourse(em());
    const a = await makeUser(em(), { role: 'learner', companyId: company.id });
    const b = await makeUser(em(), { role: 'learner', companyId: depot.id });
    await makeEnrolment(em(), { userId: a.id, courseId: course.id, companyId: company.id });
    await makeEnrolment(em(), { userId: b.id, courseId: course.id, companyId: depot.id });
    expect((await asAdmin().request(`/api/company/${company.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await em().count(Enrolment, { userId: { $in: [a.id, b.id] } })).toBe(0);
  });

  it('a manager deleting a depot from /account deletes its learners’ enrolments', async () => {
    const company = await makeCompany(em());
    const depot = await makeCompany(em(), { parentId: company.id });
    const manager = await makeUser(em(), { role: 'manager', companyId: company.id });
    const learner = await makeUser(em(), { role: 'learner', companyId: depot.id });
    await makeEnrolment(em(), { userId: learner.id, courseId: (await makeCourse(em())).id, companyId: depot.id });
    const managerClient = harness.client(await signInAs(em(), manager.id));
    expect((await managerClient.request(`/account/depot/${depot.id}/delete`, { method: 'POST', json: {} })).status).toBe(200);
    expect(await em().count(Enrolment, { userId: learner.id })).toBe(0);
  });

  it('editing credit_balance records an adjustment in enrolment’s ledger', async () => {
    const company = await makeCompany(em(), { credits: 10 });
    const depot = await makeCompany(em(), { parentId: company.id, credits: 2 });
    // A change needs a reason (it becomes the adjustment's note).
    expect((await asAdmin().request(`/api/company/${company.id}`, { method: 'PATCH', json: { credit_balance: 25 } })).status).toBe(422);
    expect(
      (await asAdmin().request(`/api/company/${company.id}`, { method: 'PATCH', json: { credit_balance: 25, credit_reason: 'Top-up' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await asAdmin().request(`/api/company/${company.id}/depot/${depot.id}`, {
          method: 'PATCH',
          json: { name: 'D', credit_balance: 0, credit_reason: 'Closed' },
        })
      ).status,
    ).toBe(200);
    expect(await harness.platform.enrolment.creditBalances([company.id, depot.id])).toEqual([
      { companyId: company.id, balance: 25 },
      { companyId: depot.id, balance: 0 },
    ]);
    const ledger = await em().find(CreditTransaction, { companyId: { $in: [company.id, depot.id] }, kind: 'adjustment' });
    expect(ledger.map((t) => [t.companyId, t.delta]).sort()).toEqual(
      [
        [company.id, 15],
        [depot.id, -2],
      ].sort(),
    );
    const listed = (await (await asAdmin().request(`/api/company/${company.id}`)).json()) as { data: { credit_balance: number } };
    expect(listed.data.credit_balance).toBe(25);
  });
});
