import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { CertificateRecord } from './certificate.entity';
import { issueCertificate } from './issue-certificate';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-15T12:00:00Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY);
const hasTool = (tool: string) => ['/usr/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, tool)));

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
const as = {} as Record<'learner' | 'otherLearner' | 'manager' | 'parentManager' | 'otherManager' | 'admin' | 'anonymous', TestClient>;
const ids = {} as { learner: number; course: number; depot: number; company: number; other: number; course2: number };

/** A passed enrolment with its certificate, as every pass hook makes it. */
async function passed(
  em: Em,
  input: { userId?: number; courseId?: number; companyId?: number; passedAt?: Date; expiresAt?: Date | null } = {},
) {
  const enrolment = await makeEnrolment(em, {
    userId: input.userId ?? ids.learner,
    courseId: input.courseId ?? ids.course,
    companyId: input.companyId ?? ids.depot,
    status: 'passed',
    passedAt: input.passedAt ?? daysFromNow(-10),
    expiresAt: input.expiresAt === undefined ? daysFromNow(355) : input.expiresAt,
  });
  const certificate = await issueCertificate(em, platform, enrolment, now);
  return { enrollment: enrolment, certificate };
}

const verify = (code: string, from = '10.0.0.1') =>
  as.anonymous.request(`/api/certificates/verify?${new URLSearchParams({ code })}`, { headers: { 'X-Forwarded-For': from } });

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => now });
  platform = world.platform;
  app = world.app;
  const company = await world.identity.company({ name: 'Quarry Ltd' });
  const depot = await world.identity.company({ name: 'Quarry North Depot', parentId: company.id });
  const other = await world.identity.company({ name: 'Other Ltd' });
  const learner = await world.identity.user({ role: 'learner', companyId: depot.id, name: 'Zoë Łukasiewicz-Østergård' });
  const otherLearner = await world.identity.user({ role: 'learner', companyId: depot.id, name: 'Sam Other' });
  const manager = await world.identity.user({ role: 'manager', companyId: depot.id, email: 'depot.manager@quarry.test' });
  const parentManager = await world.identity.user({ role: 'manager', companyId: company.id, email: 'boss@quarry.test' });
  const otherManager = await world.identity.user({ role: 'manager', companyId: other.id, email: 'm@other.test' });
  const admin = await world.identity.user({ role: 'admin', companyId: company.id, name: 'Ada Admin' });
  const course = await world.catalogue.course({ name: 'Working at Height', description: '' });
  const course2 = await world.catalogue.course({ name: 'Manual Handling', description: '' });
  Object.assign(ids, {
    learner: learner.id,
    course: course.id,
    course2: course2.id,
    depot: depot.id,
    company: company.id,
    other: other.id,
  });
  for (const [key, user] of Object.entries({ learner, otherLearner, manager, parentManager, otherManager, admin })) {
    as[key as keyof typeof as] = new TestClient(app, { sessionToken: await world.identity.signIn(user.id) });
  }
  as.anonymous = new TestClient(app);
});
afterAll(() => platform.close());

describe('issuing', () => {
  it('issues once: a repeated pass answers the same certificate and changes nothing', async () => {
    const em = platform.orm.em.fork();
    const { enrollment: enrolment, certificate } = await passed(em, { courseId: ids.course2 });
    expect(certificate.code).toMatch(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
    expect(enrolment.certificateCode).toBe(certificate.code);
    const again = await issueCertificate(em, platform, enrolment, daysFromNow(1));
    expect(again.id).toBe(certificate.id);
    expect(await em.count(CertificateRecord, { enrolmentId: enrolment.id })).toBe(1);
  });

  it('mails the certificate to the company’s managers when send_certificate is on', async () => {
    platform.sentMail.length = 0;
    await passed(platform.orm.em.fork(), { courseId: ids.course2 });
    await platform.jobs.drain();
    const mail = platform.sentMail.find(
      (m) => m.to === 'depot.manager@quarry.test' || (Array.isArray(m.to) && m.to.includes('depot.manager@quarry.test')),
    );
    expect(mail?.attachments?.[0]?.content.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('GET /api/enrollments/{id}/certificate', () => {
  it('answers a real PDF with the learner, course and a QR code of the verify address', async () => {
    const { enrollment: enrolment, certificate } = await passed(platform.orm.em.fork());
    const response = await as.learner.request(`/api/enrollments/${enrolment.id}/certificate`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('Working at Height - Zoe Lukasiewicz-Ostergard.pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
    writeFileSync(join(dir, 'c.pdf'), pdf);
    if (hasTool('pdftotext')) {
      const text = execFileSync('pdftotext', [join(dir, 'c.pdf'), '-']).toString();
      expect(text).toContain('Zoë Łukasiewicz-Østergård');
      expect(text).toContain('Working at Height');
      expect(text).toContain('Quarry North Depot');
      expect(text).toContain(certificate.code);
    }
    if (hasTool('pdftoppm') && hasTool('zbarimg')) {
      execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', join(dir, 'c.pdf'), join(dir, 'page')]);
      const qr = execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'page.png')])
        .toString()
        .trim();
      expect(qr).toBe(`${platform.env.appUrl}/verify?code=${certificate.code}`);
    }
  });

  it('is for the learner, the depot’s and the parent company’s managers and admins; others are refused', async () => {
    const { enrollment: enrolment } = await passed(platform.orm.em.fork());
    const path = `/api/enrollments/${enrolment.id}/certificate`;
    for (const who of ['learner', 'manager', 'parentManager', 'admin'] as const)
      expect((await as[who].request(path)).status, who).toBe(200);
    for (const who of ['otherLearner', 'otherManager'] as const) expect((await as[who].request(path)).status, who).toBe(404);
    expect((await as.anonymous.request(path)).status).toBe(401);
  });
});

describe('GET /api/certificates/verify', () => {
  it('tells valid, expired, superseded, revoked and unknown apart, with only what the certificate prints', async () => {
    const em = platform.orm.em.fork();
    const expired = await passed(em, { passedAt: daysFromNow(-800), expiresAt: daysFromNow(-70) });
    const old = await passed(em, { passedAt: daysFromNow(-20) });
    const renewal = await passed(em, { passedAt: daysFromNow(-1) });

    const valid = await (await verify(renewal.certificate.code.toLowerCase().replace(/-/g, ' '))).json();
    expect(valid).toMatchObject({
      state: 'valid',
      message: 'This is a valid certificate.',
      valid: true,
      courseName: 'Working at Height',
      learnerName: 'Zoë Łukasiewicz-Østergård',
      companyName: 'Quarry North Depot',
      passed_at: daysFromNow(-1).toISOString(),
    });
    expect(Object.keys(valid).sort()).toEqual([
      'code',
      'companyName',
      'courseName',
      'error',
      'expired',
      'expired_at',
      'learnerName',
      'message',
      'passed',
      'passed_at',
      'state',
      'valid',
    ]);
    expect(await (await verify(expired.certificate.code)).json()).toMatchObject({
      state: 'superseded',
      expired: true,
      learnerName: 'Zoë Łukasiewicz-Østergård',
    });
    expect(await (await verify(old.certificate.code)).json()).toMatchObject({
      state: 'superseded',
      valid: false,
      message: 'This certificate has been replaced by a newer certificate for the same course.',
    });

    const withdrawn = await as.admin.request(`/api/enrollments/${renewal.enrollment.id}/withdraw-pass`, {
      method: 'POST',
      json: { reason: 'Cheated on the assessment' },
    });
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({
      data: { status: 'revoked', revoked_reason: 'Cheated on the assessment', revoked_by: 'Ada Admin' },
    });
    expect(await (await verify(renewal.certificate.code)).json()).toMatchObject({ state: 'revoked', valid: false });
    expect((await as.learner.request(`/api/enrollments/${renewal.enrollment.id}/certificate`)).status).toBe(404);

    expect(await (await verify('AAAA-BBBB-CCCC-DDDD')).json()).toMatchObject({
      state: 'not-found',
      message: 'Certificate not found or is not valid',
      learnerName: null,
      courseName: null,
      companyName: null,
    });
  });

  it('shows an expired certificate with its details, marked expired', async () => {
    const { certificate } = await passed(platform.orm.em.fork(), {
      courseId: ids.course2,
      userId: (await world.identity.user({ role: 'learner', companyId: ids.depot, name: 'Expired Person' })).id,
      passedAt: daysFromNow(-400),
      expiresAt: daysFromNow(-35),
    });
    expect(await (await verify(certificate.code)).json()).toMatchObject({
      state: 'expired',
      valid: false,
      expired: true,
      expired_at: daysFromNow(-35).toISOString(),
      learnerName: 'Expired Person',
      courseName: 'Manual Handling',
    });
  });

  it('stops an address guessing codes (429 with Retry-After), not other addresses', async () => {
    for (let i = 0; i < 20; i++) expect((await verify(`ZZZZ-ZZZZ-ZZZZ-${String(i).padStart(4, '0')}`, '10.9.9.9')).status).toBe(200);
    const refused = await verify('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.9.9.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await verify('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '10.9.9.10')).status).toBe(200);
  });

  it('hold under concurrency: of 60 unknown codes sent at once from one address, at most 20 are looked up (issue 25 D3)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => verify(`YYYY-YYYY-YYYY-${String(i).padStart(4, '0')}`, '10.9.8.1')),
    );
    const lookedUp = answers.filter((r) => r.status === 200).length;
    expect(lookedUp).toBeLessThanOrEqual(20);
    expect(lookedUp).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(60 - lookedUp);
  });
});

describe('POST /api/course/{courseId}/email-certificate', () => {
  it('mails the PDF to each address of a comma-separated list, through the queue', async () => {
    const user = await world.identity.user({ role: 'learner', companyId: ids.depot, name: 'Mail Person' });
    await passed(platform.orm.em.fork(), { userId: user.id });
    const client = new TestClient(app, { sessionToken: await world.identity.signIn(user.id) });
    await platform.jobs.drain();
    platform.sentMail.length = 0;
    const response = await client.request(`/api/course/${ids.course}/email-certificate`, {
      method: 'POST',
      json: { email: 'one@example.test, Two@Example.test' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, sent_to: ['one@example.test', 'two@example.test'] });
    await platform.jobs.drain();
    expect(platform.sentMail.map((m) => m.to).sort()).toEqual(['one@example.test', 'two@example.test']);
    for (const mail of platform.sentMail) {
      expect(mail.attachments?.[0]?.filename).toBe('Working at Height - Mail Person.pdf');
      expect(mail.attachments?.[0]?.content.subarray(0, 4).toString()).toBe('%PDF');
    }
  });

  it('answers field errors under email: a bad address, or no certificate of that course', async () => {
    const bad = await as.learner.request(`/api/course/${ids.course}/email-certificate`, {
      method: 'POST',
      json: { email: 'ok@example.test, not-an-address' },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([
      'This is not a valid email address: not-an-address',
    ]);
    const none = await as.otherLearner.request(`/api/course/${ids.course}/email-certificate`, {
      method: 'POST',
      json: { email: 'ok@example.test' },
    });
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ errors: { email: ['You do not hold a certificate for this course.'] } });
    expect(
      (await as.manager.request(`/api/course/${ids.course}/email-certificate`, { method: 'POST', json: { email: 'ok@example.test' } }))
        .status,
    ).toBe(403);
  });
});

describe('POST /api/enrollments/downloadBulkCertificates', () => {
  it('streams a zip named dd-mm-yyyy holding one PDF per certificate', async () => {
    const em = platform.orm.em.fork();
    // One after another: they share one entity manager, and each issue flushes (and queues its mail) on it.
    const three: number[] = [];
    for (const i of [1, 2, 3]) {
      const learner = await world.identity.user({ role: 'learner', companyId: ids.depot, name: `Bulk ${i}` });
      three.push((await passed(em, { userId: learner.id })).enrollment.id);
    }
    const notPassed = await makeEnrolment(em, { userId: ids.learner, courseId: ids.course, companyId: ids.depot });
    const response = await as.parentManager.request('/api/enrollments/downloadBulkCertificates', {
      method: 'POST',
      json: { ids: [...three, notPassed.id] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('filename="15-06-2026.zip"');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      'Working at Height - Bulk 1.pdf',
      'Working at Height - Bulk 2.pdf',
      'Working at Height - Bulk 3.pdf',
    ]);
    for (const bytes of Object.values(entries)) expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe('%PDF');
  });

  it('says when none has a certificate, and refuses another company’s ids', async () => {
    const em = platform.orm.em.fork();
    const notPassed = await makeEnrolment(em, { userId: ids.learner, courseId: ids.course, companyId: ids.depot });
    const none = await as.manager.request('/api/enrollments/downloadBulkCertificates', { method: 'POST', json: { ids: [notPassed.id] } });
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ message: 'No certificates available to download' });
    const { enrollment: enrolment } = await passed(em);
    const foreign = await as.otherManager.request('/api/enrollments/downloadBulkCertificates', {
      method: 'POST',
      json: { ids: [enrolment.id] },
    });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toMatchObject({ errors: { ids: ['One or more of these enrolments were not found.'] } });
    expect(
      (await as.learner.request('/api/enrollments/downloadBulkCertificates', { method: 'POST', json: { ids: [enrolment.id] } })).status,
    ).toBe(403);
    expect(
      (await as.anonymous.request('/api/enrollments/downloadBulkCertificates', { method: 'POST', json: { ids: [enrolment.id] } })).status,
    ).toBe(401);
  });
});

describe('GET /api/users/{userId}/certificates', () => {
  it('lists every certificate with its true status for the learner, managers and admins; others get 404', async () => {
    const path = `/api/users/${ids.learner}/certificates?sortBy=issued_at&sortDir=asc`;
    const page = (await (await as.learner.request(path)).json()) as { data: { status: string; course: { name: string } }[]; total: number };
    expect(page.total).toBeGreaterThan(3);
    expect(new Set(page.data.map((c) => c.status))).toEqual(
      new Set(['superseded', 'valid', 'revoked'].filter((s) => page.data.some((c) => c.status === s))),
    );
    for (const who of ['manager', 'parentManager', 'admin'] as const) expect((await as[who].request(path)).status, who).toBe(200);
    for (const who of ['otherLearner', 'otherManager'] as const) expect((await as[who].request(path)).status, who).toBe(404);
    expect((await as.anonymous.request(path)).status).toBe(401);
  });
});
