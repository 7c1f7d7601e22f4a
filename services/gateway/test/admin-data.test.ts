import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedName, LEARNER_ADMIN_MESSAGES, USER_MESSAGES, type AuditEntryView, type Page } from '@portal/contracts';
import { CertificateRecord, CreditAccount, CreditTransaction, Enrolment, ScoState, ScormLogEntry } from '@portal/enrolment-service/testing';
import { Company, User } from '@portal/identity-service/testing';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';

/** Issue 12 items 7–9 across identity and enrolment: moves, depot deletion with move-to-parent, anonymising, the audit log. */
let harness: GatewayHarness;
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  harness = await createGatewayHarness();
  const home = await makeCompany(em(), { name: 'Platform' });
  adminId = (await makeUser(em(), { role: 'admin', companyId: home.id, name: 'Ada Admin' })).id;
  adminToken = await signInAs(em(), adminId);
});
afterAll(() => harness.close());

const em = () => harness.platform.orm.em.fork();
const asAdmin = () => harness.client(adminToken);
const audit = async (token: string, query: Record<string, string> = {}) => {
  const response = await harness.client(token).request(`/api/audit?${new URLSearchParams(query).toString()}`);
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as Page<AuditEntryView>) : null };
};

describe('moving a learner', () => {
  it('keeps past enrolments, certificates and their credits with the company that paid; the user belongs to the new company', async () => {
    const a = await makeCompany(em(), { name: 'Paid Ltd', credits: 10 });
    const b = await makeCompany(em(), { name: 'New Home Ltd' });
    const learner = await makeUser(em(), { role: 'learner', companyId: a.id });
    const course = await makeCourse(em());
    const passed = await makeEnrolment(em(), {
      userId: learner.id,
      courseId: course.id,
      companyId: a.id,
      status: 'passed',
      passedAt: new Date('2026-01-01'),
      expiresAt: new Date('2028-01-01'),
      certificateCode: 'CERT-MOVE00000001',
    });
    const ledgerBefore = await em().count(CreditTransaction, { companyId: a.id });
    const response = await asAdmin().request(`/api/user/${learner.id}/company`, { method: 'POST', json: { company_id: b.id } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(USER_MESSAGES.companyChanged);
    expect((await em().findOneOrFail(User, learner.id)).companyId).toBe(b.id);
    const kept = await em().findOneOrFail(Enrolment, passed.id);
    expect([kept.companyId, kept.certificateCode]).toEqual([a.id, 'CERT-MOVE00000001']);
    expect(await em().count(CreditTransaction, { companyId: a.id })).toBe(ledgerBefore);
    // Both companies see the move in their log.
    const rows = (await audit(adminToken, { action: 'user.moved' })).body!.data.filter((r) => r.subject_id === learner.id);
    expect(rows.map((r) => r.company_id).sort()).toEqual([a.id, b.id].sort());
    expect(rows[0]!.details).toEqual({ from_company_id: a.id, to_company_id: b.id });
  });
});

describe('deleting a depot', () => {
  it('first says what it holds, then moves the learners, their enrolments and its credits to the parent instead of deleting them', async () => {
    const parent = await makeCompany(em(), { name: 'Parent Ltd', credits: 5 });
    const depot = await makeCompany(em(), { name: 'North Depot', parentId: parent.id, credits: 4 });
    const manager = await makeUser(em(), { role: 'manager', companyId: parent.id });
    const depotManager = await makeUser(em(), { role: 'manager', companyId: depot.id });
    const l1 = await makeUser(em(), { role: 'learner', companyId: depot.id });
    const l2 = await makeUser(em(), { role: 'learner', companyId: depot.id });
    const course = await makeCourse(em());
    for (const l of [l1, l2]) await makeEnrolment(em(), { userId: l.id, courseId: course.id, companyId: depot.id });
    await makeEnrolment(em(), {
      userId: l1.id,
      courseId: (await makeCourse(em())).id,
      companyId: depot.id,
      status: 'passed',
      passedAt: new Date('2026-01-01'),
      expiresAt: new Date('2027-01-01'),
      certificateCode: 'CERT-DEPOT0000001',
    });
    const managerToken = await signInAs(em(), manager.id);
    const client = harness.client(managerToken);

    const preview = await client.request(`/account/depot/${depot.id}/deletion-preview`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({
      depot: { id: depot.id, name: 'North Depot' },
      parent: { id: parent.id, name: 'Parent Ltd' },
      learners: 2,
      managers: 1,
      enrollments: 3,
    });
    // The admin's preview of the same depot says the same.
    expect(await (await asAdmin().request(`/api/company/${parent.id}/depot/${depot.id}/deletion-preview`)).json()).toMatchObject({
      learners: 2,
      enrollments: 3,
    });

    const moved = await client.request(`/account/depot/${depot.id}/move-to-parent`, { method: 'POST', json: {} });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({
      success: true,
      message: LEARNER_ADMIN_MESSAGES.movedToParent,
      moved_learners: 2,
      moved_enrollments: 3,
    });
    expect((await em().find(User, { id: { $in: [l1.id, l2.id] } })).map((u) => u.companyId)).toEqual([parent.id, parent.id]);
    expect(await em().count(Enrolment, { userId: { $in: [l1.id, l2.id] }, companyId: parent.id })).toBe(3);
    expect(await em().count(Company, { id: depot.id })).toBe(0);
    expect(await em().count(User, { id: depotManager.id })).toBe(0);
    expect((await em().findOneOrFail(CreditAccount, { companyId: parent.id })).balance).toBe(9);
    const actions = (await audit(managerToken)).body!.data.filter((r) => r.subject_id === depot.id).map((r) => r.action);
    expect(actions.sort()).toEqual(['company.deleted', 'depot.learners-moved']);
  });

  it('a top-level company has no parent to move to; another company’s depot is not the manager’s', async () => {
    const company = await makeCompany(em());
    const other = await makeCompany(em());
    const otherDepot = await makeCompany(em(), { parentId: other.id });
    const manager = harness.client(await signInAs(em(), (await makeUser(em(), { role: 'manager', companyId: company.id })).id));
    expect((await manager.request(`/account/depot/${otherDepot.id}/deletion-preview`)).status).toBe(403);
    expect(
      (await asAdmin().request(`/api/company/${company.id}/depot/${otherDepot.id}/move-to-parent`, { method: 'POST', json: {} })).status,
    ).toBe(404);
  });
});

describe('anonymising a learner', () => {
  it('removes name, email, login code, password, suspend data and sessions; keeps enrolments, certificates and the ledger', async () => {
    const company = await makeCompany(em(), { name: 'Erasure Ltd', credits: 3 });
    const stranger = await makeCompany(em());
    const manager = await makeUser(em(), { role: 'manager', companyId: company.id });
    const learner = await makeUser(em(), {
      role: 'learner',
      companyId: company.id,
      name: 'Erin Erased',
      loginCode: 'ERASE123',
      password: 'a-password-123',
    });
    const learnerToken = await signInAs(em(), learner.id);
    const course = await makeCourse(em(), { name: 'Asbestos Awareness' });
    const enrolment = await makeEnrolment(em(), {
      userId: learner.id,
      courseId: course.id,
      companyId: company.id,
      status: 'passed',
      passedAt: new Date('2026-01-01'),
      expiresAt: new Date('2099-01-01'),
      certificateCode: 'CERT-ERASE0000001',
    });
    const w = em();
    // The certificate it holds (issued when it passed).
    w.create(CertificateRecord, {
      code: 'CERT-ERASE0000001',
      enrolmentId: enrolment.id,
      userId: learner.id,
      courseId: course.id,
      companyId: company.id,
      issuedAt: new Date('2026-01-01'),
      expiresAt: new Date('2099-01-01'),
      revokedAt: null,
      revokedReason: null,
      revokedById: null,
      revokedBy: null,
      supersededBy: null,
      supersededAt: null,
    });
    w.create(ScoState, {
      enrolmentId: enrolment.id,
      scoIdentifier: 'sco_1',
      attemptId: 1,
      seq: 3,
      progress: 'passed',
      lessonStatus: 'passed',
      suspendData: 'my secret notes',
      scoreRaw: '90',
    });
    w.create(ScormLogEntry, {
      userId: learner.id,
      enrolmentId: enrolment.id,
      attemptId: 1,
      scoIdentifier: 'sco_1',
      seq: 3,
      lessonStatus: 'passed',
      suspendData: 'my secret notes',
    });
    await w.flush();
    const ledger = await em().count(CreditTransaction, { companyId: company.id });

    // A learner is refused, and so is another company's manager.
    expect((await harness.client(learnerToken).request(`/api/user/${learner.id}/anonymise`, { method: 'POST', json: {} })).status).toBe(
      403,
    );
    const strangerToken = await signInAs(em(), (await makeUser(em(), { role: 'manager', companyId: stranger.id })).id);
    expect((await harness.client(strangerToken).request(`/api/user/${learner.id}/anonymise`, { method: 'POST', json: {} })).status).toBe(
      403,
    );

    const managerToken = await signInAs(em(), manager.id);
    const response = await harness.client(managerToken).request(`/api/user/${learner.id}/anonymise`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: LEARNER_ADMIN_MESSAGES.anonymised,
      data: { id: learner.id, name: anonymisedName(learner.id) },
    });

    const user = await em().findOneOrFail(User, learner.id);
    expect([user.name, user.email, user.loginCode, user.passwordHash, user.companyId]).toEqual([
      anonymisedName(learner.id),
      null,
      null,
      null,
      company.id,
    ]);
    expect(await em().getKnex()('sessions').where('user_id', learner.id).first()).toBeUndefined();
    const state = await em().findOneOrFail(ScoState, { enrolmentId: enrolment.id });
    expect([state.suspendData, state.lessonStatus, state.scoreRaw]).toEqual([null, 'passed', '90']);
    expect((await em().findOneOrFail(ScormLogEntry, { enrolmentId: enrolment.id })).suspendData).toBeNull();
    expect((await em().findOneOrFail(Enrolment, enrolment.id)).certificateCode).toBe('CERT-ERASE0000001');
    expect(await em().count(CreditTransaction, { companyId: company.id })).toBe(ledger);
    // The certificate still verifies, with the course and dates and no name.
    const verify = (await (await harness.client().request('/api/certificates/verify?code=CERT-ERASE0000001')).json()) as Record<
      string,
      unknown
    >;
    expect(verify).toMatchObject({
      valid: true,
      courseName: 'Asbestos Awareness',
      learnerName: null,
      passed_at: '2026-01-01T00:00:00.000Z',
    });
    // Once is enough; managers cannot be anonymised.
    expect((await asAdmin().request(`/api/user/${learner.id}/anonymise`, { method: 'POST', json: {} })).status).toBe(422);
    expect((await asAdmin().request(`/api/user/${manager.id}/anonymise`, { method: 'POST', json: {} })).status).toBe(403);
    const [row] = (await audit(managerToken, { action: 'user.anonymised' })).body!.data;
    expect(row).toMatchObject({
      subject_id: learner.id,
      company_id: company.id,
      actor_id: manager.id,
      details: { cleared_suspend_data: 2 },
    });
  });
});

describe('the audit log', () => {
  it('records credit changes, manual passes, withdrawals, deletions, mimicking and settings; admins filter, managers see their company’s, learners are refused', async () => {
    const a = await makeCompany(em(), { name: 'Audit A', credits: 10 });
    const b = await makeCompany(em(), { name: 'Audit B', credits: 10 });
    const managerA = await makeUser(em(), { role: 'manager', companyId: a.id });
    const learnerA = await makeUser(em(), { role: 'learner', companyId: a.id });
    const course = await makeCourse(em());
    const toPass = await makeEnrolment(em(), { userId: learnerA.id, courseId: course.id, companyId: a.id });
    const toDelete = await makeEnrolment(em(), { userId: learnerA.id, courseId: (await makeCourse(em())).id, companyId: a.id });
    const doomed = await makeUser(em(), { role: 'learner', companyId: b.id });

    expect(
      (
        await asAdmin().request(`/api/company/${b.id}`, {
          method: 'PATCH',
          json: { name: 'Audit B', credit_balance: 15, credit_reason: 'Goodwill' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await asAdmin().request(`/api/course/${toPass.id}/manualPass`, { method: 'POST', json: { reason: 'Classroom session' } })).status,
    ).toBe(200);
    expect((await asAdmin().request(`/api/user/${learnerA.id}/deleteEnroll/${toDelete.id}`, { method: 'POST', json: {} })).status).toBe(
      200,
    );
    expect((await asAdmin().request(`/api/user/${doomed.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await asAdmin().request('/api/user/mimicCompany', { method: 'POST', json: { company_id: a.id } })).status).toBe(200);
    expect((await asAdmin().request('/api/user/unMimicCompany', { method: 'POST', json: {} })).status).toBe(200);
    const managerToken = await signInAs(em(), managerA.id);
    expect(
      (
        await harness.client(managerToken).request('/account/notifications', {
          method: 'POST',
          json: { send_certificate: false, send_report: true, send_expiry_report: true },
        })
      ).status,
    ).toBe(200);

    const all = (await audit(adminToken, { company_id: String(a.id) })).body!.data.map((r) => r.action);
    expect(all).toEqual(
      expect.arrayContaining(['enrollment.manual-pass', 'enrollment.deleted', 'user.mimic', 'user.unmimic', 'settings.changed']),
    );
    const onB = (await audit(adminToken, { company_id: String(b.id) })).body!.data;
    expect(onB.map((r) => r.action).sort()).toEqual(['credits.changed', 'user.deleted']);
    expect(onB.find((r) => r.action === 'credits.changed')).toMatchObject({
      actor_id: adminId,
      actor_name: 'Ada Admin',
      company_name: 'Audit B',
      details: { kind: 'adjustment', from: 10, to: 15, reason: 'Goodwill' },
    });
    expect((await audit(adminToken, { actor_id: String(managerA.id) })).body!.data.map((r) => r.action)).toEqual(['settings.changed']);

    // The manager sees A's rows only, and cannot ask for B's.
    const mine = (await audit(managerToken)).body!;
    expect(mine.data.every((r) => r.company_id === a.id)).toBe(true);
    expect(mine.total).toBe(all.length);
    expect((await audit(managerToken, { company_id: String(b.id) })).status).toBe(403);
    expect((await audit(await signInAs(em(), learnerA.id))).status).toBe(403);
  });
});
