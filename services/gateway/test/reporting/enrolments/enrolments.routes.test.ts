import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportingEnrolmentRow } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { makeEnrolment } from '@portal/enrolment-service/testing';
import { createReportingApp, reportingService } from '@portal/reporting-service';
import { PAGE_READING } from '@portal/reporting-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let platform: TestPlatform;
let app: ReturnType<typeof createReportingApp>;
const ids = {} as Record<'acme' | 'north' | 'other' | 'wheels' | 'banks' | 'alice' | 'bob' | 'cara' | 'otherLearner', number>;
const sessions = {} as Record<'manager' | 'otherManager' | 'admin' | 'learner', string>;
const enrolments = {} as Record<'aliceWheels' | 'aliceBanks' | 'bobWheels' | 'caraBanks' | 'expiring' | 'otherWheels', number>;

interface Data {
  filters: Record<string, unknown>;
  courses: { id: number; name: string }[];
  users: { id: number; name: string }[];
  depots: { id: number; name: string }[];
  company_total: number;
  results: {
    data: ReportingEnrolmentRow[];
    meta: {
      current_page: number;
      last_page: number;
      from: number | null;
      to: number | null;
      total: number;
      links: { prev: string | null; next: string | null };
    };
  };
}

const get = (session: string | undefined, path: string) => new TestClient(app, session ? { sessionToken: session } : {}).request(path);
async function data(path: string, session = sessions.manager): Promise<Data> {
  const response = await get(session, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Data;
}
const rowIds = (d: Data) => d.results.data.map((r) => r.id);

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService, reportingService] });
  platform.now = () => NOW;
  app = createReportingApp(platform);
  const em: Em = platform.orm.em.fork();
  ids.acme = (await makeCompany(em, { name: 'Acme' })).id;
  ids.north = (await makeCompany(em, { name: 'Acme North', parentId: ids.acme })).id;
  ids.other = (await makeCompany(em, { name: 'Other' })).id;
  ids.wheels = (await makeCourse(em, { name: 'Abrasive Wheels', description: '' })).id;
  ids.banks = (await makeCourse(em, { name: 'Banksman', description: '' })).id;
  ids.alice = (await makeUser(em, { role: 'learner', companyId: ids.acme, name: 'Alice Able', email: 'alice@acme.test' })).id;
  ids.bob = (await makeUser(em, { role: 'learner', companyId: ids.acme, name: 'Bob 50% Baker', email: null, loginCode: 'BOBCODE2' })).id;
  ids.cara = (await makeUser(em, { role: 'learner', companyId: ids.north, name: 'Cara Cole', email: 'cara@north.test' })).id;
  ids.otherLearner = (await makeUser(em, { role: 'learner', companyId: ids.other, name: 'Olga Other', email: 'olga@other.test' })).id;
  const at = (days: number) => new Date(NOW.getTime() - days * DAY);
  enrolments.aliceWheels = (
    await makeEnrolment(em, {
      userId: ids.alice,
      courseId: ids.wheels,
      companyId: ids.acme,
      status: 'passed',
      passedAt: at(30),
      expiresAt: new Date(NOW.getTime() + 300 * DAY),
      certificateCode: 'C1',
      createdAt: at(40),
    })
  ).id;
  enrolments.aliceBanks = (
    await makeEnrolment(em, { userId: ids.alice, courseId: ids.banks, companyId: ids.acme, status: 'in_progress', createdAt: at(20) })
  ).id;
  enrolments.bobWheels = (await makeEnrolment(em, { userId: ids.bob, courseId: ids.wheels, companyId: ids.acme, createdAt: at(10) })).id;
  enrolments.caraBanks = (
    await makeEnrolment(em, { userId: ids.cara, courseId: ids.banks, companyId: ids.north, status: 'failed', createdAt: at(5) })
  ).id;
  enrolments.expiring = (
    await makeEnrolment(em, {
      userId: ids.cara,
      courseId: ids.wheels,
      companyId: ids.north,
      status: 'passed',
      passedAt: at(700),
      expiresAt: new Date(NOW.getTime() + 3 * DAY),
      certificateCode: 'C2',
      createdAt: at(2),
    })
  ).id;
  enrolments.otherWheels = (
    await makeEnrolment(em, { userId: ids.otherLearner, courseId: ids.wheels, companyId: ids.other, createdAt: at(1) })
  ).id;

  sessions.manager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: ids.acme })).id);
  sessions.otherManager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: ids.other })).id);
  sessions.admin = await makeSession(em, (await makeUser(em, { role: 'admin', companyId: ids.other })).id);
  sessions.learner = await makeSession(em, ids.alice);
});
afterAll(() => platform.close());

describe('GET /api/reporting/enrolments', () => {
  it("answers the acting company's and its depots' enrolments, newest first, with the spec's shape", async () => {
    const d = await data('/api/reporting/enrolments');
    expect(rowIds(d)).toEqual([
      enrolments.expiring,
      enrolments.caraBanks,
      enrolments.bobWheels,
      enrolments.aliceBanks,
      enrolments.aliceWheels,
    ]);
    expect(d.company_total).toBe(5);
    expect(d.courses.map((c) => c.name)).toEqual(['Abrasive Wheels', 'Banksman']);
    expect(d.depots).toEqual([{ id: ids.north, name: 'Acme North' }]);
    expect(d.results.meta).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: 5, total: 5, links: { prev: null, next: null } });
    const bob = d.results.data.find((r) => r.id === enrolments.bobWheels)!;
    expect(bob).toMatchObject({
      learner_name: 'Bob 50% Baker',
      email: null,
      login_code: 'BOBCODE2',
      depot: null,
      status: 'not_started',
      last_activity_at: null,
    });
    expect(bob.actions).toEqual({ edit: true, remind: true, delete: true, view_certificate: false, re_enrol: false });
    const cara = d.results.data.find((r) => r.id === enrolments.caraBanks)!;
    expect(cara.depot).toBe('Acme North');
  });

  it('offers each status exactly its actions: certificate while valid, re-enrol within 7 days of expiry', async () => {
    const d = await data('/api/reporting/enrolments');
    const byId = new Map(d.results.data.map((r) => [r.id, r]));
    expect(byId.get(enrolments.aliceWheels)!.actions).toEqual({
      edit: false,
      remind: false,
      delete: false,
      view_certificate: true,
      re_enrol: false,
    });
    expect(byId.get(enrolments.aliceWheels)!.expiry_due).toBe(false);
    expect(byId.get(enrolments.expiring)!.actions).toEqual({
      edit: false,
      remind: false,
      delete: false,
      view_certificate: true,
      re_enrol: true,
    });
    expect(byId.get(enrolments.expiring)!.expiry_due).toBe(true);
    expect(byId.get(enrolments.aliceBanks)!.actions).toEqual({
      edit: false,
      remind: false,
      delete: false,
      view_certificate: false,
      re_enrol: false,
    });
    expect(byId.get(enrolments.caraBanks)!.actions.edit).toBe(false);
  });

  it('stops offering Re-enrol once the learner is re-enrolled, and says when (issue 24 item 1)', async () => {
    const em: Em = platform.orm.em.fork();
    const company = (await makeCompany(em, { name: 'Renewers Ltd' })).id;
    const manager = await makeSession(em, (await makeUser(em, { role: 'manager', companyId: company })).id);
    const learner = (await makeUser(em, { role: 'learner', companyId: company, name: 'Rory Renewed' })).id;
    const waiting = (await makeUser(em, { role: 'learner', companyId: company, name: 'Wendy Waiting' })).id;
    const due = {
      status: 'passed' as const,
      passedAt: new Date(NOW.getTime() - 360 * DAY),
      expiresAt: new Date(NOW.getTime() + 2 * DAY),
      certificateCode: null,
    };
    const renewed = (
      await makeEnrolment(em, {
        userId: learner,
        courseId: ids.wheels,
        companyId: company,
        ...due,
        createdAt: new Date(NOW.getTime() - 361 * DAY),
      })
    ).id;
    const renewal = await makeEnrolment(em, {
      userId: learner,
      courseId: ids.wheels,
      companyId: company,
      createdAt: new Date(NOW.getTime() - DAY),
    });
    const notYet = (
      await makeEnrolment(em, {
        userId: waiting,
        courseId: ids.wheels,
        companyId: company,
        ...due,
        createdAt: new Date(NOW.getTime() - 361 * DAY),
      })
    ).id;
    const rows = new Map((await data('/api/reporting/enrolments', manager)).results.data.map((r) => [r.id, r]));
    expect(rows.get(renewed)).toMatchObject({
      expiry_due: true,
      re_enrolled_at: renewal.createdAt.toISOString(),
      actions: { re_enrol: false },
    });
    expect(rows.get(renewal.id)).toMatchObject({ re_enrolled_at: null, actions: { re_enrol: false } });
    expect(rows.get(notYet)).toMatchObject({ expiry_due: true, re_enrolled_at: null, actions: { re_enrol: true } });
  });

  it('filters by status, learner, courses, dates, depot, and searches names, emails, codes and courses literally', async () => {
    expect(rowIds(await data('/api/reporting/enrolments?status=passed'))).toEqual([enrolments.expiring, enrolments.aliceWheels]);
    const byUser = await data(`/api/reporting/enrolments?user=${ids.alice}`);
    expect(rowIds(byUser)).toEqual([enrolments.aliceBanks, enrolments.aliceWheels]);
    expect(byUser.users).toEqual([{ id: ids.alice, name: 'Alice Able' }]);
    expect(byUser.company_total).toBe(5);
    // Another company's learner: no rows and no name.
    const foreign = await data(`/api/reporting/enrolments?user=${ids.otherLearner}`);
    expect(foreign.results.data).toEqual([]);
    expect(foreign.users).toEqual([]);
    expect(rowIds(await data(`/api/reporting/enrolments?courses=${ids.banks}`))).toEqual([enrolments.caraBanks, enrolments.aliceBanks]);
    const from = new Date(NOW.getTime() - 11 * DAY).toISOString().slice(0, 10);
    const to = new Date(NOW.getTime() - 5 * DAY).toISOString().slice(0, 10);
    expect(rowIds(await data(`/api/reporting/enrolments?start_date=${from}&end_date=${to}`))).toEqual([
      enrolments.caraBanks,
      enrolments.bobWheels,
    ]);
    expect(rowIds(await data(`/api/reporting/enrolments?depot=${ids.north}`))).toEqual([enrolments.expiring, enrolments.caraBanks]);
    expect(rowIds(await data('/api/reporting/enrolments?search=50%25'))).toEqual([enrolments.bobWheels]);
    expect(rowIds(await data('/api/reporting/enrolments?search=bobcode'))).toEqual([enrolments.bobWheels]);
    expect(rowIds(await data('/api/reporting/enrolments?search=north.test'))).toEqual([enrolments.expiring, enrolments.caraBanks]);
    expect(rowIds(await data('/api/reporting/enrolments?search=banksman&status=failed'))).toEqual([enrolments.caraBanks]);
    const none = await data('/api/reporting/enrolments?search=nobody-like-this');
    expect(none.results).toMatchObject({ data: [], meta: { total: 0, from: null, to: null } });
    expect(none.company_total).toBe(5);
  });

  it('sorts by every column both ways, the id breaking ties, and pages with links that keep the address', async () => {
    const learners = await data('/api/reporting/enrolments?order_by=learner&order_dir=asc');
    expect(learners.results.data.map((r) => r.learner_name)).toEqual([
      'Alice Able',
      'Alice Able',
      'Bob 50% Baker',
      'Cara Cole',
      'Cara Cole',
    ]);
    expect(rowIds(learners).slice(0, 2)).toEqual([enrolments.aliceWheels, enrolments.aliceBanks]);
    const desc = await data('/api/reporting/enrolments?order_by=learner&order_dir=desc');
    expect(rowIds(desc)).toEqual([...rowIds(learners)].reverse());
    for (const sort of ['email', 'depot', 'course', 'status', 'enrolled', 'last_activity', 'passed', 'expiry']) {
      const asc = await data(`/api/reporting/enrolments?order_by=${sort}&order_dir=asc`);
      const down = await data(`/api/reporting/enrolments?order_by=${sort}&order_dir=desc`);
      expect(asc.results.data).toHaveLength(5);
      expect(rowIds(down), sort).toEqual([...rowIds(asc)].reverse());
    }
    expect((await data('/api/reporting/enrolments?order_by=course&order_dir=asc')).results.data.map((r) => r.course_name)).toEqual([
      'Abrasive Wheels',
      'Abrasive Wheels',
      'Abrasive Wheels',
      'Banksman',
      'Banksman',
    ]);

    const page2 = await data('/api/reporting/enrolments?per_page=2&page=2&order_by=enrolled&order_dir=asc');
    expect(rowIds(page2)).toEqual([enrolments.bobWheels, enrolments.caraBanks]);
    expect(page2.results.meta).toMatchObject({ current_page: 2, last_page: 3, from: 3, to: 4, total: 5 });
    expect(page2.results.meta.links.prev).toBe('/api/reporting/enrolments?per_page=2&page=1&order_by=enrolled&order_dir=asc');
    expect(page2.results.meta.links.next).toBe('/api/reporting/enrolments?per_page=2&page=3&order_by=enrolled&order_dir=asc');
    const past = await data('/api/reporting/enrolments?per_page=2&page=99');
    expect(past.results.meta).toMatchObject({ current_page: 3, from: 5, to: 5 });
  });

  // The real windows reach thousands of rows; shrunk, every page here is read each cheaper way: merged from a pivot, learners walked a few a round.
  // With no walk window every learner-sort page counts the learners whole (MySQL sums the running total in the service).
  // Each way's whole list must also be the first way's.
  const wholeLists = new Map<string, number[]>();
  for (const [reading, windows] of [
    ['as configured', {}],
    ['with every window shrunk', { mergeWindow: 0, pivotWindow: 5000, learnerWalkWindow: 1000, learnerBatch: 1, learnerWalkRounds: 100 }],
    ['with the learners counted whole', { learnerWalkWindow: 0 }],
  ] as const) {
    it(`pages every sort the same whichever way a page is read (from either end; per company and merged, from a pivot, learner by learner, or sorted whole), ${reading}`, async () => {
      const saved = { ...PAGE_READING };
      Object.assign(PAGE_READING, windows);
      try {
        // Pages of 1 and 2 reach the first, middle and last rows: each must be the slice of the whole list.
        for (const filter of ['', 'status=passed&']) {
          for (const sort of ['learner', 'email', 'depot', 'course', 'status', 'enrolled', 'last_activity', 'passed', 'expiry']) {
            for (const dir of ['asc', 'desc']) {
              const whole = rowIds(await data(`/api/reporting/enrolments?${filter}order_by=${sort}&order_dir=${dir}`));
              const key = `${filter}${sort} ${dir}`;
              if (wholeLists.has(key)) expect(whole, key).toEqual(wholeLists.get(key));
              else wholeLists.set(key, whole);
              for (const perPage of [1, 2]) {
                const paged: number[] = [];
                for (let page = 1; page <= Math.ceil(whole.length / perPage); page++) {
                  paged.push(
                    ...rowIds(
                      await data(`/api/reporting/enrolments?${filter}order_by=${sort}&order_dir=${dir}&per_page=${perPage}&page=${page}`),
                    ),
                  );
                }
                expect(paged, `${filter}${sort} ${dir} per ${perPage}`).toEqual(whole);
              }
            }
          }
        }
        const passed = rowIds(await data('/api/reporting/enrolments?status=passed&order_by=expiry&order_dir=asc&per_page=1&page=2'));
        expect(passed).toEqual([enrolments.aliceWheels]);
      } finally {
        Object.assign(PAGE_READING, saved);
      }
    });
  }

  it("searches learners who have since moved to another company: their enrolments stay in the payer's report", async () => {
    const em: Em = platform.orm.em.fork();
    const moved = await makeUser(em, { role: 'learner', companyId: ids.other, name: 'Mo Moved', email: 'mo@elsewhere.test' });
    const id = (
      await makeEnrolment(em, {
        userId: moved.id,
        courseId: ids.banks,
        companyId: ids.acme,
        createdAt: new Date(NOW.getTime() - 100 * DAY),
      })
    ).id;
    try {
      expect(rowIds(await data('/api/reporting/enrolments?search=moved'))).toEqual([id]);
      expect(rowIds(await data('/api/reporting/enrolments?search=elsewhere', sessions.otherManager))).toEqual([]);
      // And sorted among the company's own learners, by name and by email, page by page too.
      const byName = await data('/api/reporting/enrolments?order_by=learner&order_dir=asc');
      expect(byName.results.data.map((r) => r.learner_name)).toEqual([
        'Alice Able',
        'Alice Able',
        'Bob 50% Baker',
        'Cara Cole',
        'Cara Cole',
        'Mo Moved',
      ]);
      expect(rowIds(await data('/api/reporting/enrolments?order_by=learner&order_dir=desc&per_page=1&page=1'))).toEqual([id]);
      expect(rowIds(await data('/api/reporting/enrolments?order_by=email&order_dir=desc&per_page=2&page=1'))[0]).toBe(id);
      // Counted whole (no walk window): the moved learner is ordered by the database among the rest.
      const saved = { ...PAGE_READING };
      Object.assign(PAGE_READING, { learnerWalkWindow: 0 });
      try {
        expect(rowIds(await data('/api/reporting/enrolments?order_by=learner&order_dir=asc'))).toEqual(rowIds(byName));
        expect(rowIds(await data('/api/reporting/enrolments?order_by=learner&order_dir=desc&per_page=1&page=1'))).toEqual([id]);
      } finally {
        Object.assign(PAGE_READING, saved);
      }
    } finally {
      await em.getKnex()('enrollments').where('id', id).delete();
    }
  });

  it('answers totalEnrollmentIDs for the same filters, every matching row', async () => {
    const response = await get(sessions.manager, '/api/reporting/enrolments/ids?status=passed&per_page=1');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { totalEnrollmentIDs: number[] }).totalEnrollmentIDs.sort()).toEqual(
      [enrolments.aliceWheels, enrolments.expiring].sort(),
    );
  });

  it('keeps every company to its own: another manager sees theirs, a learner and the signed-out are refused, a foreign depot is 403', async () => {
    expect(rowIds(await data('/api/reporting/enrolments', sessions.otherManager))).toEqual([enrolments.otherWheels]);
    expect(rowIds(await data('/api/reporting/enrolments', sessions.admin))).toEqual([enrolments.otherWheels]);
    expect((await get(sessions.learner, '/api/reporting/enrolments')).status).toBe(403);
    expect((await get(sessions.learner, '/api/reporting/enrolments/ids')).status).toBe(403);
    expect((await get(undefined, '/api/reporting/enrolments')).status).toBe(401);
    expect((await get(sessions.otherManager, `/api/reporting/enrolments?depot=${ids.north}`)).status).toBe(403);
    expect((await get(sessions.otherManager, `/api/reporting/enrolments/ids?depot=${ids.north}`)).status).toBe(403);
  });

  it('refuses bad input with 422', async () => {
    for (const query of ['order_by=password', 'status=expired', 'start_date=2026-13-45', 'per_page=500', 'courses=x', 'nope=1']) {
      expect((await get(sessions.manager, `/api/reporting/enrolments?${query}`)).status, query).toBe(422);
    }
  });
});
