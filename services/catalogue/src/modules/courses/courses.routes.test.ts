import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail } from '@portal/contracts';
import type { TestPlatform } from '@portal/service-kit/testing';
import { findCourseActivities } from '../../queries';
import { SCORM_FIXTURES } from '../packages/test-fixtures';
import { COMPANY_SPECIFIC, courseForm, createCoursesTestWorld, fixture, type CoursesTestWorld } from '../../testing/courses-test-world';

/** Creating and saving a course (package, fields, activities, pass mark) and serving its files. The lists: course-lists.routes.test.ts. */
let world: CoursesTestWorld;
let platform: TestPlatform;
let sessions: CoursesTestWorld['sessions'];
let companyA = 0;
let learnerId = 0;
const client = (session?: string) => world.client(session);
const create = (fields: Record<string, unknown>, session?: string) => world.create(fields, session);
const enrolment = { enrolLearner: (userId: number, courseId: number) => world.enrolment.enrolLearner(userId, courseId) };

beforeAll(async () => {
  world = await createCoursesTestWorld();
  ({ platform, sessions, companyA, learnerId } = world);
});
afterAll(() => world.close());

describe('POST /api/courses', () => {
  it('creates a course from a real SCORM 2004 package, stores the parsed manifest and serves its files', async () => {
    const { response, body } = await create({
      file: fixture('RuntimeBasicCalls_SCORM20043rdEdition.zip'),
      certificate: new File([new Uint8Array([137, 80, 78, 71])], 'cert bg.png', { type: 'image/png' }),
      activities: [
        { name: 'Tee off', code: '4321', description: '<p>At the range</p>', type: 'file', file: new File(['notes'], 'notes.txt') },
        { name: 'Putting video', description: '', type: 'video' },
      ],
    });
    expect(response.status).toBe(200);
    expect(body.message).toBe('Course successfully created!');
    const course = body.data;
    expect(course).toMatchObject({
      name: 'Golf safety',
      category_ids: [1],
      validity_period: 2,
      credit_cost: 3,
      has_bridging: 1,
      scorm_version: '2004',
      file_name: 'RuntimeBasicCalls_SCORM20043rdEdition.zip',
      certificate_link: `/storage/courses/${course.id}/certificate/cert-bg.png`,
    });
    expect(course.description).toBe('<p>Swing <strong>safely</strong></p>');
    expect(course.activities.map((a) => [a.name, a.type, a.file_name])).toEqual([
      ['Tee off', 'file', 'notes.txt'],
      ['Putting video', 'video', null],
    ]);
    expect(course.activities[0]!.code).toBe(4321);
    expect(String(course.activities[1]!.code)).toMatch(/^\d{6}$/);

    const pkg = await platform.catalogue.coursePackage(course.id);
    expect(pkg).toMatchObject({ courseId: course.id, version: '2004' });
    expect(pkg!.scos.map((s) => s.href)).toEqual(['shared/launchpage.html']);
    expect((await platform.storage.get(`courses/${course.id}/package/shared/launchpage.html`)).toString()).toMatch(/<html/i);

    enrolment.enrolLearner(learnerId, course.id);
    const image = await client(sessions.learner).request(course.certificate_link!, { headers: { Range: 'bytes=0-1' } });
    expect(image.status).toBe(206);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBe(2);

    const activities = await findCourseActivities(platform.orm.em.fork(), course.id);
    expect(activities[0]).toMatchObject({
      name: 'Tee off',
      code: 4321,
      type: 'file',
      fileUrl: `/storage/courses/${course.id}/activities/${activities[0]!.id}/notes.txt`,
    });
    expect(await (await client(sessions.learner).request(activities[0]!.fileUrl!)).text()).toBe('notes');
  });

  it('never serves the package on the portal origin, to anyone (issue 25 D2: only the content origin does)', async () => {
    const { body } = await create({ file: fixture('RuntimeBasicCalls_SCORM12.zip') });
    enrolment.enrolLearner(learnerId, body.data.id);
    const base = `/storage/courses/${body.data.id}/package/`;
    expect((await client().request(`${base}shared/launchpage.html`)).status).toBe(401);
    for (const session of Object.values(sessions)) {
      for (const file of ['shared/launchpage.html', 'shared/scormfunctions.js', 'imsmanifest.xml', 'shared/nothing.html']) {
        expect((await client(session).request(`${base}${file}`)).status, file).toBe(404);
      }
      expect((await client(session).request(`/storage/courses/${body.data.id}/PACKAGE/shared/launchpage.html`)).status).toBe(404);
      expect((await client(session).request(`/storage/courses/${body.data.id}/%70ackage/shared/launchpage.html`)).status).toBe(404);
    }
    // The files are there (the content origin serves them), just never here.
    expect((await platform.storage.get(`courses/${body.data.id}/package/shared/launchpage.html`)).length).toBeGreaterThan(0);
    expect((await client(sessions.learner).request(`${base}..%2F..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await client(sessions.learner).request(`${base}%2e%2e/%2e%2e/x`)).status).toBe(404);
  });

  it('serves a course file in one spelling only: no encoded separator, dot segment or other id spelling (issue 31 item 5)', async () => {
    const { body } = await create({ file: fixture('RuntimeBasicCalls_SCORM12.zip') });
    const id = body.data.id;
    enrolment.enrolLearner(learnerId, id);
    const files = ['imsmanifest.xml', 'shared/launchpage.html', 'shared/scormfunctions.js'];
    const separators = ['%2F', '%2f', '%5C', '%5c', '%252F'];
    const ids = [`${id}`, `0${id}`, `00${id}`, `%3${String(id)[0]}${String(id).slice(1)}`];
    const prefixes = ['', './', '%2e/', 'certificate/../', 'certificate/%2e%2e/', 'x/%2e%2e%2f'];
    const spellings = new Set<string>();
    for (const idSpelling of ids)
      for (const prefix of prefixes)
        for (const separator of separators)
          for (const file of files)
            spellings.add(`/storage/courses/${idSpelling}/${prefix}package${separator}${file.replace('/', separator)}`);
    expect(spellings.size).toBeGreaterThan(300);
    for (const session of [sessions.learner, sessions.admin])
      for (const spelling of spellings) {
        const answer = await client(session).request(spelling);
        expect(answer.status, spelling).toBe(404);
        expect(answer.headers.get('content-type'), spelling).toMatch(/^application\/json/);
      }
  });

  it('serves course files only to the entitled: the enrolled learner, managers who see the course, admins', async () => {
    const certificate = new File([new Uint8Array([137, 80, 78, 71])], 'bg.png', { type: 'image/png' });
    const { body } = await create({
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
      certificate,
      company_specific: true,
      company_id: companyA,
      category_ids: [COMPANY_SPECIFIC],
    });
    expect(body.data.id).toBeGreaterThan(0);
    const file = body.data.certificate_link!;
    const status = async (session: string) => (await client(session).request(file)).status;
    // A signed-in learner of the same company without an enrolment: as if the file did not exist.
    expect(await status(sessions.learner)).toBe(404);
    expect(await status(sessions.managerB)).toBe(404);
    expect(await status(sessions.managerA)).toBe(200);
    expect(await status(sessions.depotManagerA)).toBe(200);
    expect(await status(sessions.admin)).toBe(200);
    enrolment.enrolLearner(learnerId, body.data.id);
    expect(await status(sessions.learner)).toBe(200);
    expect((await client(sessions.managerB).request(`/storage/courses/999999/certificate/x.png`)).status).toBe(404);
  });

  it('refuses a package with a path-escaping entry with a 422 on file, and creates nothing', async () => {
    const before = (await (await client(sessions.admin).request('/api/courses?per_page=100')).json()) as { meta: { total: number } };
    const evil = zipSync({ 'imsmanifest.xml': readZipEntry('RuntimeBasicCalls_SCORM12.zip'), '../../escape.html': strToU8('x') });
    const { response, body } = await create({ name: 'Evil', file: new File([evil], 'evil.zip') });
    expect(response.status).toBe(422);
    expect(body.errors?.file?.[0]).toMatch(/outside its folder/);
    const after = (await (await client(sessions.admin).request('/api/courses?per_page=100')).json()) as { meta: { total: number } };
    expect(after.meta.total).toBe(before.meta.total);
  });

  it('puts field errors under the fields', async () => {
    const { response, body } = await create({
      name: '',
      validity_period: 'x',
      wp_link: 'not a link',
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
    });
    expect(response.status).toBe(422);
    expect(Object.keys(body.errors!).sort()).toEqual(['name', 'validity_period', 'wp_link']);
    const noFile = await create({ file: undefined });
    // No package chosen at all: say what to choose, not "must be a file" (issue 24 item 15).
    expect(noFile.body.errors?.file).toEqual(["Choose the course's SCORM package (.zip)."]);
  });

  it('needs a company when Company Specific is ticked, and clears company_id when it is not', async () => {
    const missing = await create({ category_ids: [COMPANY_SPECIFIC], file: fixture('RuntimeBasicCalls_SCORM12.zip') });
    expect(missing.response.status).toBe(422);
    expect(missing.body.errors?.company_id?.[0]).toBe('Choose the company this course is for.');
    const cleared = await create({ category_ids: [1], company_id: companyA, file: fixture('RuntimeBasicCalls_SCORM12.zip') });
    expect(cleared.body.data.company_id).toBeNull();
    const own = await create({
      name: 'A only',
      category_ids: [COMPANY_SPECIFIC],
      company_id: companyA,
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
    });
    expect(own.body.data.company_id).toBe(companyA);
  });

  it('is for admins only', async () => {
    expect((await create({ file: fixture('RuntimeBasicCalls_SCORM12.zip') }, sessions.managerA)).response.status).toBe(403);
  });

  it('takes a package over the default 1 MB body limit (streamed to disk, unzipped from there)', async () => {
    const noise = new Uint8Array(1536 * 1024).map((_, i) => (i * 2654435761) >>> 24);
    const big = zipSync(
      { ...unzipSync(readFileSync(SCORM_FIXTURES + 'RuntimeMinimumCalls_SCORM12-mini.zip')), 'media/noise.bin': noise },
      { level: 0 },
    );
    expect(big.length).toBeGreaterThan(1536 * 1024);
    const { response, body } = await create({ name: 'Big package', file: new File([big], 'big.zip', { type: 'application/zip' }) });
    expect(response.status).toBe(200);
    expect(body.data.file_name).toBe('big.zip');
  });
});

function readZipEntry(zip: string): Uint8Array {
  return unzipSync(readFileSync(SCORM_FIXTURES + zip), { filter: (f) => f.name === 'imsmanifest.xml' })['imsmanifest.xml']!;
}

describe('POST /api/courses/{id} (method override PUT)', () => {
  it('saves fields, keeps the package when none is sent, replaces it when one is, and syncs activities', async () => {
    const { body: created } = await create({
      file: fixture('RuntimeBasicCalls_SCORM12.zip'),
      activities: [
        { name: 'One', type: 'file' },
        { name: 'Two', type: 'file' },
      ],
    });
    const id = created.data.id;
    const [one] = created.data.activities;
    const form = courseForm({
      _method: 'PUT',
      name: 'Renamed',
      category_ids: [1, 2],
      activities: [
        { id: one!.id, name: 'One again', code: '77', type: 'video' },
        { name: 'Three', type: 'file' },
      ],
    });
    const response = await client(sessions.admin).request(`/api/courses/${id}`, { method: 'POST', body: form });
    const body = (await response.json()) as { message: string; data: CourseDetail };
    expect(response.status).toBe(200);
    expect(body.message).toBe('Course successfully saved!');
    expect(body.data).toMatchObject({
      name: 'Renamed',
      category_ids: [1, 2],
      scorm_version: '1.2',
      file_name: 'RuntimeBasicCalls_SCORM12.zip',
    });
    expect(body.data.activities.map((a) => [a.id === one!.id, a.name, a.code])).toEqual([
      [true, 'One again', 77],
      [false, 'Three', expect.any(Number)],
    ]);

    const replaced = await client(sessions.admin).request(`/api/courses/${id}`, {
      method: 'POST',
      body: courseForm({ _method: 'PUT', file: fixture('RuntimeMinimumCalls_SCORM12-mini.zip') }),
    });
    expect(replaced.status).toBe(200);
    const pkg = await platform.catalogue.coursePackage(id);
    expect(pkg!.scos).toHaveLength(9);
    await expect(platform.storage.get(`courses/${id}/package/Etiquette/Course.html`)).rejects.toThrow();
    expect((await platform.storage.get(`courses/${id}/package/Playing/Playing.html`)).length).toBeGreaterThan(0);
  });

  it('answers 404 for a course that does not exist', async () => {
    const response = await client(sessions.admin).request('/api/courses/999999', { method: 'POST', body: courseForm({ _method: 'PUT' }) });
    expect(response.status).toBe(404);
  });
});

describe('a course pass mark (issue 13 item 8)', () => {
  const package2004 = (sequencing: string) =>
    new File(
      [
        zipSync({
          'imsmanifest.xml': strToU8(`<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"><title>T</title>${sequencing}</item></organization></organizations>
  <resources><resource identifier="r" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`),
          'index.html': strToU8('<p>Quiz</p>'),
        }),
      ],
      'quiz.zip',
      { type: 'application/zip' },
    );
  const withPassingScore = `<imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>`;

  it('warns at upload when a 2004 package names no passing score, and the admin can then set one', async () => {
    const { response, body } = await create({ name: 'Score only', file: fixture('RuntimeBasicCalls_SCORM20043rdEdition.zip') });
    expect(response.status).toBe(200);
    const created = body as typeof body & { warnings: string[] };
    expect(created.warnings).toEqual([expect.stringMatching(/names no passing score/)]);
    expect(created.data).toMatchObject({ pass_mark: null, package_pass_mark: null });

    const form = courseForm({ name: 'Score only', pass_mark: '70', _method: 'PUT' });
    const saved = await client(sessions.admin).request(`/api/courses/${created.data.id}`, { method: 'POST', body: form });
    expect(saved.status).toBe(200);
    const savedBody = (await saved.json()) as { data: CourseDetail; warnings: string[] };
    expect(savedBody.data.pass_mark).toBe(70);
    expect(savedBody.warnings).toEqual([]);
    expect((await platform.catalogue.coursePackage(created.data.id))?.passMark).toBe(70);
  });

  it('is prefilled from the package’s scaled passing score, and an explicit one wins', async () => {
    const { body } = await create({ name: 'Passing score', file: package2004(withPassingScore) });
    const created = body as typeof body & { warnings: string[] };
    expect(created.warnings).toEqual([]);
    expect(created.data).toMatchObject({ pass_mark: 80, package_pass_mark: 80 });
    expect((await platform.catalogue.coursePackage(created.data.id))?.passMark).toBe(80);

    const own = await create({ name: 'Own mark', pass_mark: 55, file: package2004('') });
    expect(own.body.data).toMatchObject({ pass_mark: 55, package_pass_mark: null });
    expect((own.body as typeof own.body & { warnings: string[] }).warnings).toEqual([expect.stringMatching(/pass mark \(55%\) decides/)]);
  });

  it('refuses a pass mark outside 0–100 under its field', async () => {
    const { response, body } = await create({ name: 'Bad mark', pass_mark: 101, file: package2004('') });
    expect(response.status).toBe(422);
    expect(body.errors?.pass_mark).toEqual(['The pass mark must be at most 100.']);
  });
});
