import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@portal/contracts';
import { DEMO } from '@portal/identity-service';
import { Company, User } from '@portal/identity-service/testing';
import { Course } from '@portal/catalogue-service/testing';
import { CreditAccount, CreditTransaction, Enrolment } from '@portal/enrolment-service/testing';
import { seedDemoData } from '../src/seed';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';

let harness: GatewayHarness;
let firstRun: boolean;

beforeAll(async () => {
  harness = await createGatewayHarness();
  firstRun = await seedDemoData(harness.platform);
});
afterAll(() => harness.close());

const em = () => harness.platform.orm.em.fork();
const signIn = async (body: Record<string, string>) => {
  const client = harness.client();
  const response = await client.request('/api/auth/login', { method: 'POST', json: body });
  return {
    client,
    response,
    body: (await response.json()) as { user: { id: number; role: string; company_id: number; company_name: string }; redirect: string },
  };
};

/** Everything the seed writes, to compare before and after a second run. */
async function snapshot() {
  const e = em();
  return {
    users: (await e.find(User, {}, { orderBy: { id: 'asc' } })).map((u) => [u.id, u.email, u.loginCode, u.role, u.companyId]),
    companies: (await e.find(Company, {}, { orderBy: { id: 'asc' } })).map((c) => [c.id, c.name, c.parentId]),
    courses: (await e.find(Course, {}, { orderBy: { id: 'asc' } })).map((c) => [c.id, c.name, c.packagePath]),
    enrollments: (await e.find(Enrolment, {}, { orderBy: { id: 'asc' } })).map((x) => [
      x.id,
      x.userId,
      x.courseId,
      x.status,
      x.certificateCode,
    ]),
    ledger: await e.count(CreditTransaction, {}),
    accounts: (await e.find(CreditAccount, {}, { orderBy: { companyId: 'asc' } })).map((a) => [a.companyId, a.balance]),
  };
}

describe('seedDemoData on a fresh database', () => {
  it('reports that it seeded', () => {
    expect(firstRun).toBe(true);
  });

  it('lets the README admin sign in with email and password, landing on /admin', async () => {
    const { response, body } = await signIn({ email: 'admin@portal.test', password: 'Admin!2345' });
    expect(response.status).toBe(200);
    expect(body.user.role).toBe('admin');
    expect(body.redirect).toBe('/admin');
  });

  it('lets the demo manager and learner sign in, and the login code DEMOCODE1 too', async () => {
    const manager = await signIn({ email: 'manager@demo.test', password: 'Manager!2345' });
    expect(manager.response.status).toBe(200);
    expect(manager.body.user).toMatchObject({ role: 'manager', company_id: 2, company_name: 'Demo Construction Ltd' });
    expect((await signIn({ email: 'learner@demo.test', password: 'Learner!2345' })).response.status).toBe(200);
    const code = await signIn({ login_code: 'DEMOCODE1' });
    expect(code.response.status).toBe(200);
    expect(code.body.user).toMatchObject({ id: DEMO.users.codeLearner, role: 'learner', company_id: 2 });
    expect(code.client.cookie(SESSION_COOKIE)).toBeTruthy();
  });

  it("creates company 2, 'Demo Construction Ltd', with its depots North Depot and South Depot", async () => {
    const company = await em().findOneOrFail(Company, { id: 2 });
    expect(company.name).toBe('Demo Construction Ltd');
    expect(company.parentId).toBeNull();
    const depots = await em().find(Company, { parentId: 2 }, { orderBy: { name: 'asc' } });
    expect(depots.map((d) => d.name)).toEqual(['North Depot', 'South Depot']);
  });

  it('leaves Demo Construction Ltd with 40 credits, as its manager and its dashboard see it', async () => {
    const { client } = await signIn({ email: 'manager@demo.test', password: 'Manager!2345' });
    expect(await (await client.request('/api/credit-balance')).json()).toEqual({ credit_balance: 40 });
    const dashboard = (await (await client.request('/api/company/2/dashboard')).json()) as { stats: { credits_remaining: number } };
    expect(dashboard.stats.credits_remaining).toBe(40);
    // The ledger adds up to the balance.
    const ledger = await em().find(CreditTransaction, { companyId: 2 });
    expect(ledger.reduce((sum, t) => sum + t.delta, 0)).toBe(40);
  });

  it('has enrolments in every state, including a passed one whose certificate has expired', async () => {
    const enrolments = await em().find(Enrolment, {});
    const statuses = new Set(enrolments.map((e) => e.status));
    expect([...statuses].sort()).toEqual(['failed', 'in_progress', 'not_started', 'passed']);
    const now = Date.now();
    expect(enrolments.some((e) => e.status === 'passed' && e.expiresAt && e.expiresAt.getTime() > now)).toBe(true);
    expect(enrolments.some((e) => e.status === 'passed' && e.expiresAt && e.expiresAt.getTime() <= now)).toBe(true);

    const { client } = await signIn({ email: 'learner@demo.test', password: 'Learner!2345' });
    const card = (await (await client.request('/api/learner/dashboard')).json()) as { enrollments: { state: string }[] };
    expect(card.enrollments.map((e) => e.state).sort()).toEqual(['in-progress', 'not-started', 'passed']);
    const { client: codeClient } = await signIn({ login_code: 'DEMOCODE1' });
    const codeCards = (await (await codeClient.request('/api/learner/dashboard')).json()) as { enrollments: { state: string }[] };
    expect(codeCards.enrollments.map((e) => e.state).sort()).toEqual(['expired', 'failed']);
  });

  it('shows no last activity before the first launch (issue 24 item 2): a started enrolment was last active at or after its start, a passed one when it passed', async () => {
    const enrolments = await em().find(Enrolment, {});
    const started = enrolments.filter((e) => e.status !== 'not_started');
    expect(started.length).toBeGreaterThan(0);
    for (const e of started) {
      expect(e.startedAt, `enrolment ${e.id}`).not.toBeNull();
      expect(e.updatedAt.getTime(), `enrolment ${e.id} (${e.status})`).toBeGreaterThanOrEqual(e.startedAt!.getTime());
      if (e.status === 'passed') expect(e.updatedAt.getTime(), `enrolment ${e.id}`).toBeGreaterThanOrEqual(e.passedAt!.getTime());
    }
  });

  it('has DEMO-CERT-0001 as a valid certificate on the public verify route', async () => {
    const response = await harness.client().request('/api/certificates/verify?code=DEMO-CERT-0001');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ valid: true, passed: true, expired: false, learnerName: 'Lee Carter', error: null });
  });

  it('has SCORM 1.2 and 2004 courses whose packages, with index.html, are in storage', async () => {
    const courses = await em().find(Course, {});
    const versions = new Set(courses.map((c) => c.scormVersion));
    expect(versions).toContain('1.2');
    expect(versions).toContain('2004');
    for (const course of courses) {
      expect(course.packagePath, course.name).toBeTruthy();
      expect(course.launchPath).toBe('index.html');
      const launch = (await harness.platform.storage.get(`${course.packagePath}/${course.launchPath}`)).toString('utf8');
      expect(launch).toContain('<html');
      const manifest = (await harness.platform.storage.get(`${course.packagePath}/imsmanifest.xml`)).toString('utf8');
      expect(manifest).toContain(course.scormVersion === '1.2' ? '<schemaversion>1.2</schemaversion>' : '2004');
    }
  });

  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    expect(before.users.length).toBeGreaterThan(0);
    expect(await seedDemoData(harness.platform)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
