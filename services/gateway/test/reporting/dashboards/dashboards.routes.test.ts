import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany as makeCompanyRow, makeSession, makeUser as makeUserRow } from '@portal/identity-service/testing';
import { makeCourse as makeCourseRow } from '@portal/catalogue-service/testing';
import { makeCreditAccount, makeEnrolment } from '@portal/enrolment-service/testing';
import { createReportingApp, reportingService } from '@portal/reporting-service';
import { identityService, createIdentityApp } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

type Status = 'not_started' | 'in_progress' | 'passed' | 'failed';

let platform: TestPlatform;
let app: ReturnType<typeof createReportingApp>;
const companies = {} as Record<'acme' | 'acmeNorth' | 'other' | 'empty' | 'portal', number>;
const courses = {} as Record<'wheels' | 'banksman' | 'confined' | 'unused', number>;
const sessions = {} as Record<'manager' | 'depotManager' | 'otherManager' | 'admin' | 'learner', string>;

async function makeCompany(em: Em, name: string, input: { parentId?: number; credits?: number } = {}) {
  const company = await makeCompanyRow(em, { name, parentId: input.parentId ?? null });
  if (input.credits !== undefined) await makeCreditAccount(em, company.id, input.credits);
  return company.id;
}
async function makeUser(em: Em, role: Role, companyId: number) {
  return (await makeUserRow(em, { role, companyId, name: `${role} of ${companyId}`, email: null })).id;
}
async function makeCourse(em: Em, name: string) {
  return (await makeCourseRow(em, { name, description: '' })).id;
}
async function enrol(em: Em, userId: number, courseId: number, companyId: number, status: Status) {
  await makeEnrolment(em, { userId, courseId, companyId, status });
}

interface CompanyDashboard {
  organisation: { id: number; name: string };
  chart: { passed: number; incomplete: number; not_started: number };
  stats: { learners_enrolled: number; credits_remaining: number; courses_passed: number };
  courses: { id: number; name: string; total: number; passed: number; progress: number }[];
}

const get = (session: string | undefined, path: string) => new TestClient(app, session ? { sessionToken: session } : {}).request(path);
async function dashboardOf(session: string, companyId: number): Promise<CompanyDashboard> {
  const response = await get(session, `/api/company/${companyId}/dashboard`);
  expect(response.status).toBe(200);
  return (await response.json()) as CompanyDashboard;
}

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService, reportingService] });
  app = createReportingApp(platform);
  const em = platform.orm.em.fork();

  companies.acme = await makeCompany(em, 'Acme Civil', { credits: 25 });
  companies.acmeNorth = await makeCompany(em, 'Acme North', { parentId: companies.acme, credits: 3 });
  companies.other = await makeCompany(em, 'Other Co', { credits: 5 });
  companies.empty = await makeCompany(em, 'Empty Ltd');
  companies.portal = await makeCompany(em, 'Portal');

  // Named so the table's alphabetical order differs from creation order.
  courses.confined = await makeCourse(em, 'Confined Spaces');
  courses.wheels = await makeCourse(em, 'Abrasive Wheels');
  courses.banksman = await makeCourse(em, 'Banksman Training');
  courses.unused = await makeCourse(em, 'Unused Course');

  const [l1, l2, l3] = [
    await makeUser(em, 'learner', companies.acme),
    await makeUser(em, 'learner', companies.acme),
    await makeUser(em, 'learner', companies.acme),
  ];
  const northLearner = await makeUser(em, 'learner', companies.acmeNorth);
  const otherLearner = await makeUser(em, 'learner', companies.other);

  // Acme itself: wheels 2 of 3 passed (one failed); banksman in progress and not started.
  await enrol(em, l1, courses.wheels, companies.acme, 'passed');
  await enrol(em, l2, courses.wheels, companies.acme, 'passed');
  await enrol(em, l3, courses.wheels, companies.acme, 'failed');
  await enrol(em, l1, courses.banksman, companies.acme, 'in_progress');
  await enrol(em, l2, courses.banksman, companies.acme, 'not_started');
  // Its depot: counted in Acme's dashboard too.
  await enrol(em, northLearner, courses.banksman, companies.acmeNorth, 'passed');
  await enrol(em, northLearner, courses.confined, companies.acmeNorth, 'not_started');
  // Another company: never counted for Acme.
  await enrol(em, otherLearner, courses.wheels, companies.other, 'passed');
  await enrol(em, otherLearner, courses.confined, companies.other, 'in_progress');

  sessions.manager = await makeSession(em, await makeUser(em, 'manager', companies.acme));
  sessions.depotManager = await makeSession(em, await makeUser(em, 'manager', companies.acmeNorth));
  sessions.otherManager = await makeSession(em, await makeUser(em, 'manager', companies.other));
  sessions.admin = await makeSession(em, await makeUser(em, 'admin', companies.portal));
  sessions.learner = await makeSession(em, l1);

  const knex = em.getKnex();
  const now = new Date();
  for (const name of ['send-report', 'send-reminder']) {
    await em.execute(knex('jobs').insert({ name, payload: '{}', available_at: now, created_at: now }));
  }
  await em.execute(
    knex('failed_jobs').insert({ queue: 'default', name: 'send-report', payload: '{}', error: 'SMTP refused', failed_at: now }),
  );
});
afterAll(() => platform.close());

describe('GET /api/company/{companyId}/dashboard', () => {
  it("counts a company's own enrolments and its depots' in the chart and stats", async () => {
    const dashboard = await dashboardOf(sessions.manager, companies.acme);
    expect(dashboard.organisation).toEqual({ id: companies.acme, name: 'Acme Civil' });
    // incomplete = in progress (1) + failed (1)
    expect(dashboard.chart).toEqual({ passed: 3, incomplete: 2, not_started: 2 });
    // Four different learners over seven enrolments; the credits are the company's own, not its depot's.
    expect(dashboard.stats).toEqual({ learners_enrolled: 4, credits_remaining: 25, courses_passed: 3 });
  });

  it('lists each course with enrolments, by name, with its pass progress rounded to a whole percent', async () => {
    const dashboard = await dashboardOf(sessions.manager, companies.acme);
    expect(dashboard.courses).toEqual([
      { id: courses.wheels, name: 'Abrasive Wheels', total: 3, passed: 2, progress: 67 },
      { id: courses.banksman, name: 'Banksman Training', total: 3, passed: 1, progress: 33 },
      { id: courses.confined, name: 'Confined Spaces', total: 1, passed: 0, progress: 0 },
    ]);
  });

  it("shows a depot only its own enrolments, to its manager and to its parent's manager alike", async () => {
    const expected = {
      organisation: { id: companies.acmeNorth, name: 'Acme North' },
      chart: { passed: 1, incomplete: 0, not_started: 1 },
      stats: { learners_enrolled: 1, credits_remaining: 3, courses_passed: 1 },
      courses: [
        { id: courses.banksman, name: 'Banksman Training', total: 1, passed: 1, progress: 100 },
        { id: courses.confined, name: 'Confined Spaces', total: 1, passed: 0, progress: 0 },
      ],
    };
    expect(await dashboardOf(sessions.depotManager, companies.acmeNorth)).toEqual(expected);
    expect(await dashboardOf(sessions.manager, companies.acmeNorth)).toEqual(expected);
  });

  it('gives an admin any company, and zeros with an empty table for a company without enrolments', async () => {
    expect((await dashboardOf(sessions.admin, companies.other)).chart).toEqual({ passed: 1, incomplete: 1, not_started: 0 });
    expect(await dashboardOf(sessions.admin, companies.empty)).toEqual({
      organisation: { id: companies.empty, name: 'Empty Ltd' },
      chart: { passed: 0, incomplete: 0, not_started: 0 },
      stats: { learners_enrolled: 0, credits_remaining: 0, courses_passed: 0 },
      courses: [],
    });
  });

  it('answers 404 for a company that does not exist', async () => {
    const response = await get(sessions.admin, '/api/company/999999/dashboard');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'That company was not found.' });
  });

  it("refuses another company's manager, a depot's manager reading its parent, and a learner", async () => {
    expect((await get(sessions.otherManager, `/api/company/${companies.acme}/dashboard`)).status).toBe(403);
    expect((await get(sessions.depotManager, `/api/company/${companies.acme}/dashboard`)).status).toBe(403);
    expect((await get(sessions.learner, `/api/company/${companies.acme}/dashboard`)).status).toBe(403);
    expect((await get(undefined, `/api/company/${companies.acme}/dashboard`)).status).toBe(401);
  });
});

describe('GET /api/admin/dashboard', () => {
  it("counts the Learners tab's people, top-level companies, courses, jobs and failed jobs", async () => {
    const response = await get(sessions.admin, '/api/admin/dashboard');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      // Five learners and three managers, as the Learners tab lists them (never the admin); the depot is not a company of its own.
      counts: { learners: 8, companies: 4, courses: 4, jobs: 2, failed_jobs: 1 },
    });
  });

  it("gives the Learners tab's badge the number its list says it holds (issue 24 item 9)", async () => {
    const { counts } = (await (await get(sessions.admin, '/api/admin/dashboard')).json()) as { counts: { learners: number } };
    const identity = createIdentityApp(platform);
    const list = await new TestClient(identity, { sessionToken: sessions.admin }).request('/api/admin/users');
    expect(list.status).toBe(200);
    expect(counts.learners).toBe(((await list.json()) as { total: number }).total);
  });

  it('is for admins only', async () => {
    expect((await get(sessions.manager, '/api/admin/dashboard')).status).toBe(403);
    expect((await get(sessions.learner, '/api/admin/dashboard')).status).toBe(403);
  });
});
