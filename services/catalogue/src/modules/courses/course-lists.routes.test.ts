import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '@portal/contracts';
import type { TestPlatform } from '@portal/service-kit/testing';
import { COMPANY_SPECIFIC, createCoursesTestWorld, fixture, type CoursesTestWorld } from '../../testing/courses-test-world';
import { Course, CourseCategory } from './course.entity';

/**
 * The course lists (search, pages, a company's catalogue), a company's selection, its own expiry
 * and bridging activities. Creating and saving a course: courses.routes.test.ts.
 */
let world: CoursesTestWorld;
let platform: TestPlatform;
let sessions: CoursesTestWorld['sessions'];
let companyA = 0;
let companyB = 0;
const client = (session?: string) => world.client(session);
const create = (fields: Record<string, unknown>, session?: string) => world.create(fields, session);
const validityFor = (companyId: number, courseId: number) => world.validityFor(companyId, courseId);

beforeAll(async () => {
  world = await createCoursesTestWorld();
  ({ platform, sessions, companyA, companyB } = world);
});
afterAll(() => world.close());

describe('company selection, edit course and bridging activities', () => {
  let courseId = 0;
  beforeAll(async () => {
    const { body } = await create({
      name: 'Bridged',
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
      activities: [
        { name: 'Site walk', code: '1234', description: '<p>Walk the <b>site</b></p>', type: 'file' },
        { name: 'Ladder check', code: '5678', type: 'video' },
      ],
    });
    courseId = body.data.id;
  });

  it('toggles a course in and out of the company selection', async () => {
    const toggle = async (session: string) =>
      (await (await client(session).request(`/api/courses/${courseId}/toggle`, { method: 'POST', json: {} })).json()) as { data: number[] };
    expect((await toggle(sessions.managerA)).data).toContain(courseId);
    const listed = (await (await client(sessions.managerA).request('/api/courses?search=Bridged')).json()) as {
      data: CourseDetail[];
      selected: { id: number }[];
    };
    expect(listed.data[0]!.selected).toBe(true);
    expect(listed.selected.map((s) => s.id)).toContain(courseId);
    // Another company's selection is its own.
    expect((await toggle(sessions.managerB)).data).toContain(courseId);
    expect((await toggle(sessions.managerA)).data).not.toContain(courseId);
    expect((await toggle(sessions.managerB)).data).not.toContain(courseId);
  });

  it("lists the company's bridging activities and saves expiry and activities", async () => {
    const a = client(sessions.managerA);
    const list = (await (await a.request(`/api/courses/${courseId}/bridgingActivities`)).json()) as {
      data: { id: number; name: string; code: number; description: string; enabled: boolean }[];
      course: { validity_period: number };
    };
    expect(list.data.map((b) => [b.name, b.code, b.description, b.enabled])).toEqual([
      ['Site walk', 1234, 'Walk the site', true],
      ['Ladder check', 5678, '', true],
    ]);
    expect(list.course.validity_period).toBe(2);

    const bad = await a.request(`/companyCourse/edit/${courseId}`, {
      method: 'POST',
      json: { validity_period: 'x', activities: [{ id: list.data[0]!.id, description: '', enabled: true }] },
    });
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['activities.0.description', 'validity_period']);

    const saved = await a.request(`/companyCourse/edit/${courseId}`, {
      method: 'POST',
      json: {
        validity_period: 5,
        activities: [
          { id: list.data[0]!.id, description: 'Walk & <talk>', enabled: true },
          { id: list.data[1]!.id, description: '', enabled: false },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { message: string }).message).toBe('Course successfully saved!');
    expect(await validityFor(companyA, courseId)).toBe(5);
    expect(await validityFor(companyB, courseId)).toBe(2);
    // The company's course list shows its own expiry; another company's still shows the course's.
    const listedValidity = async (session: string) =>
      ((await (await client(session).request('/api/courses?search=Bridged')).json()) as { data: CourseDetail[] }).data[0]!.validity_period;
    expect(await listedValidity(sessions.managerA)).toBe(5);
    expect(await listedValidity(sessions.managerB)).toBe(2);
    expect((await platform.catalogue.companyCourseActivities(companyA, courseId)).map((x) => [x.name, x.description])).toEqual([
      ['Site walk', '<p>Walk &amp; &lt;talk&gt;</p>'],
    ]);
    expect((await platform.catalogue.companyCourseActivities(companyB, courseId)).map((x) => x.name)).toEqual([
      'Site walk',
      'Ladder check',
    ]);
  });

  it("refuses another company's bridging activities by any id, and gives the owner its QR code", async () => {
    const list = (await (await client(sessions.managerA).request(`/api/courses/${courseId}/bridgingActivities`)).json()) as {
      data: { id: number }[];
    };
    const id = list.data[0]!.id;
    for (const session of [sessions.managerB, sessions.depotManagerA]) {
      expect((await client(session).request(`/api/bridgingActivity/qrCode/${id}`)).status).toBe(404);
      const edit = await client(session).request(`/companyCourse/edit/${courseId}`, {
        method: 'POST',
        json: { validity_period: 9, activities: [{ id, description: 'hijack', enabled: true }] },
      });
      expect(edit.status).toBe(404);
    }
    expect((await client(sessions.learner).request(`/api/bridgingActivity/qrCode/${id}`)).status).toBe(403);
    const qr = await client(sessions.managerA).request(`/api/bridgingActivity/qrCode/${id}`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    expect(qr.headers.get('content-disposition')).toMatch(/attachment; filename="bridging-activity-\d+-site-walk-qr\.png"/);
    const bytes = new Uint8Array(await qr.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([137, 80, 78, 71]);
    expect(await validityFor(companyA, courseId)).toBe(5);
  });
});

describe('GET /api/courses', () => {
  it('searches case-insensitively from 2 characters, sorts and paginates', async () => {
    for (const name of ['Zeta ladder work', 'alpha LADDER basics', 'Beta ladders'])
      await create({ name, file: fixture('RuntimeBasicCalls_SCORM12.zip') });
    const list = async (query: string) =>
      (await (await client(sessions.admin).request(`/api/courses?${query}`)).json()) as {
        data: CourseDetail[];
        meta: { total: number; last_page: number; current_page: number };
      };
    const found = await list('search=Ladder&sortBy=name&sortDir=asc');
    expect(found.data.map((c) => c.name)).toEqual(['alpha LADDER basics', 'Beta ladders', 'Zeta ladder work']);
    const desc = await list('search=ladder&sortBy=name&sortDir=desc');
    expect(desc.data.map((c) => c.name)).toEqual(['Zeta ladder work', 'Beta ladders', 'alpha LADDER basics']);
    const oneChar = await list('search=Z');
    expect(oneChar.meta.total).toBeGreaterThan(3);
    const paged = await list('search=ladder&per_page=2&page=9');
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2 });
    expect(paged.data).toHaveLength(1);
    const percent = await list('search=%25%25');
    expect(percent.meta.total).toBe(0);
  });

  it('treats % and _ in the search as plain text', async () => {
    const em = platform.orm.em.fork();
    for (const name of ['Scaffold 50% refresher', 'Scaffold 5000 refresher', 'Tie a_b knots', 'Tie axb knots'])
      em.create(Course, { name, description: '' });
    await em.flush();
    const names = async (search: string) =>
      (
        (await (await client(sessions.admin).request(`/api/courses?search=${encodeURIComponent(search)}`)).json()) as {
          data: CourseDetail[];
        }
      ).data.map((c) => c.name);
    expect(await names('50%')).toEqual(['Scaffold 50% refresher']);
    expect(await names('a_b')).toEqual(['Tie a_b knots']);
  });

  it("pages a company's catalogue 10 at a time within a category, in the page shape and the old meta", async () => {
    const em = platform.orm.em.fork();
    const tag = `Cat${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      const course = em.create(Course, { name: `${tag} ${String(i).padStart(2, '0')}`, description: '' });
      await em.flush();
      if (i !== 5) em.create(CourseCategory, { courseId: course.id, categoryId: 2 });
    }
    em.create(Course, { name: `${tag} of B only`, description: '', companyId: companyB });
    await em.flush();
    const address = `/api/courses?category_id=2&per_page=10&search=${tag}&sortBy=name`;
    const first = (await (await client(sessions.managerA).request(address)).json()) as Record<string, unknown> & {
      data: CourseDetail[];
      meta: Record<string, number>;
    };
    expect(first.data.map((c) => c.name)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10].map((i) => `${tag} ${String(i).padStart(2, '0')}`));
    expect(first).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 10,
      total: 11,
      from: 1,
      to: 10,
      prev_page_url: null,
      next_page_url: `${address}&page=2`,
    });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(first.data.every((c) => c.selected === false && c.has_enrollments === false)).toBe(true);
    const second = (await (await client(sessions.managerA).request(`${address}&page=3`)).json()) as {
      data: CourseDetail[];
      current_page: number;
      from: number;
    };
    expect(second).toMatchObject({ current_page: 2, from: 11 });
    expect(second.data.map((c) => c.name)).toEqual([`${tag} 11`]);
  });

  it('shows a company the shared courses and its own company-specific ones, with its selection', async () => {
    const own = await create({
      name: 'Only for A',
      category_ids: [COMPANY_SPECIFIC],
      company_id: companyA,
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
    });
    const names = async (session: string) =>
      ((await (await client(session).request('/api/courses?per_page=100&search=only for')).json()) as { data: CourseDetail[] }).data.map(
        (c) => c.name,
      );
    expect(await names(sessions.managerA)).toContain('Only for A');
    expect(await names(sessions.depotManagerA)).toContain('Only for A');
    expect(await names(sessions.managerB)).not.toContain('Only for A');
    // B cannot reach it by id either.
    expect((await client(sessions.managerB).request(`/api/courses/${own.body.data.id}/toggle`, { method: 'POST', json: {} })).status).toBe(
      404,
    );
    expect((await client(sessions.managerB).request(`/api/courses/${own.body.data.id}/bridgingActivities`)).status).toBe(404);
  });
});
