import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerCertificate, Page } from '@portal/contracts';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { ScoState, ScormAttempt, ScormLogEntry } from '../player/scorm.entity';
import { LearnerActivity } from '../activities/learner-activity.entity';
import { issueCertificate } from '../certificates/issue-certificate';
import { revokeCertificatesOf } from '../certificates/certificate.repository';

const unique = () => randomBytes(4).toString('hex');
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-15T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * DAY);

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let learnerId: number;
let learnerSession: string;
let otherSession: string;
let managerSession: string;
const certs = {} as Record<'fireOld' | 'fireNew' | 'ladders' | 'noise' | 'other' | 'withdrawn', number>;
let fire: { id: number; name: string };

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  const companyId = (await world.identity.company({ name: `Builders ${unique()}` })).id;
  const learner = await world.identity.user({ role: 'learner', companyId });
  const other = await world.identity.user({ role: 'learner', companyId });
  const manager = await world.identity.user({ role: 'manager', companyId });
  learnerId = learner.id;
  learnerSession = await world.identity.signIn(learner.id);
  otherSession = await world.identity.signIn(other.id);
  managerSession = await world.identity.signIn(manager.id);
  fire = await world.catalogue.course({ name: `Fire Safety ${unique()}` });
  const ladders = await world.catalogue.course({ name: `Ladders ${unique()}` });
  const noise = await world.catalogue.course({ name: `Noise ${unique()}` });
  // Each pass issues its certificate as the portal does (a renewal supersedes the older one).
  const passed = async (userId: number, courseId: number, passedAt: Date, expiresAt: Date, code: string) => {
    const enrolment = await makeEnrolment(em, {
      userId,
      courseId,
      companyId,
      status: 'passed',
      passedAt,
      expiresAt,
      certificateCode: code,
      createdAt: passedAt,
    });
    await issueCertificate(em, platform, enrolment, passedAt);
    return enrolment;
  };
  certs.fireOld = (await passed(learner.id, fire.id, days(-800), days(-70), `CERT-FO${unique()}`)).id;
  certs.fireNew = (await passed(learner.id, fire.id, days(-60), days(300), `CERT-FN${unique()}`)).id;
  certs.ladders = (await passed(learner.id, ladders.id, days(-300), days(5), `CERT-LA${unique()}`)).id;
  certs.noise = (await passed(learner.id, noise.id, days(-400), days(-1), `CERT-NO${unique()}`)).id;
  certs.other = (await passed(other.id, ladders.id, days(-10), days(300), `CERT-OT${unique()}`)).id;
  // A pass withdrawn by an admin: the enrolment is failed, its certificate revoked (and still listed as such).
  const banksman = await world.catalogue.course({ name: `Banksman ${unique()}` });
  const withdrawn = await passed(learner.id, banksman.id, days(-30), days(335), `CERT-WD${unique()}`);
  certs.withdrawn = withdrawn.id;
  await revokeCertificatesOf(em, [withdrawn.id], { reason: 'Answers copied', at: days(-1), by: 'Alex Admin' });
  withdrawn.status = 'failed';
  withdrawn.certificateCode = null;
  await em.flush();
  const open = await makeEnrolment(em, {
    userId: learner.id,
    courseId: noise.id,
    companyId,
    status: 'in_progress',
    startedAt: days(-2),
    createdAt: days(-3),
  });

  const attempt = em.create(ScormAttempt, { enrolmentId: open.id, userId: learner.id, tokenHash: 'x'.repeat(64), startedAt: days(-2) });
  await em.flush();
  em.create(ScoState, {
    enrolmentId: open.id,
    scoIdentifier: 'sco-1',
    attemptId: attempt.id,
    seq: 2,
    progress: 'incomplete',
    lessonStatus: 'incomplete',
    scoreRaw: '40',
    totalTime: '0000:10:00',
    suspendData: 'secret-state',
  });
  em.create(ScormLogEntry, {
    userId: learner.id,
    enrolmentId: open.id,
    attemptId: attempt.id,
    scoIdentifier: 'sco-1',
    seq: 2,
    slideLocation: 'slide-4',
    lessonStatus: 'incomplete',
    sessionTime: '00:10:00',
    suspendData: 'secret-state',
  });
  em.create(LearnerActivity, { enrolmentId: certs.ladders, activityId: 77, completedAt: days(-20) });
  await em.flush();
});
afterAll(() => platform.close());

const get = (session: string, path: string) => new TestClient(app, { sessionToken: session }).request(path);
const list = async (query = '') =>
  (await (await get(learnerSession, `/api/learner-account/certificates${query}`)).json()) as Page<LearnerCertificate>;

describe('GET /api/learner-account/certificates', () => {
  it('lists every certificate the caller holds or has held, newest first, with its state and links', async () => {
    const page = await list();
    expect(page.data.map((c) => [c.enrollment_id, c.state])).toEqual([
      [certs.withdrawn, 'revoked'],
      [certs.fireNew, 'valid'],
      [certs.ladders, 'expiring-soon'],
      [certs.noise, 'expired'],
      [certs.fireOld, 'superseded'],
    ]);
    expect(page).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
    const newest = page.data[1]!;
    expect(newest.course).toEqual({ id: fire.id, name: fire.name });
    expect(newest.verify_url).toBe(`/verify?code=${newest.code}`);
    expect(newest.passed_at).toBe(days(-60).toISOString());
    expect(newest.expires_at).toBe(days(300).toISOString());
  });

  it('offers the download only while the route exists and the certificate is neither expired nor revoked', async () => {
    const page = await list();
    const expired = page.data.find((c) => c.enrollment_id === certs.noise)!;
    expect(expired.download_url).toBeNull();
    // A revoked certificate is not handed out again (issue 24 item 10).
    expect(page.data.find((c) => c.enrollment_id === certs.withdrawn)!.download_url).toBeNull();
    const valid = page.data.find((c) => c.enrollment_id === certs.fireNew)!;
    expect([null, `/api/enrollments/${certs.fireNew}/certificate`]).toContain(valid.download_url);
  });

  it('searches course names and codes, sorts by expiry, and pages', async () => {
    expect(
      (await list(`?search=${encodeURIComponent(fire.name.slice(0, 8).toLowerCase())}`)).data.map((c) => c.enrollment_id).sort(),
    ).toEqual([certs.fireOld, certs.fireNew].sort());
    expect((await list('?search=CERT-LA')).data.map((c) => c.enrollment_id)).toEqual([certs.ladders]);
    expect((await list('?search=nothing-like-it')).data).toEqual([]);
    expect((await list('?sortBy=expires_at&sortDir=asc')).data.map((c) => c.enrollment_id)).toEqual([
      certs.fireOld,
      certs.noise,
      certs.ladders,
      certs.fireNew,
      certs.withdrawn,
    ]);
    const second = await list('?page=2&sortBy=passed_at&sortDir=asc');
    expect(second.current_page).toBe(1);
  });

  it('shows another learner only their own, and refuses managers', async () => {
    const page = (await (await get(otherSession, '/api/learner-account/certificates')).json()) as Page<LearnerCertificate>;
    expect(page.data.map((c) => c.enrollment_id)).toEqual([certs.other]);
    expect((await get(managerSession, '/api/learner-account/certificates')).status).toBe(403);
  });
});

describe('EnrolmentPort.learnerRecords', () => {
  it('gives the learner’s enrolments, results, SCORM log, activities and certificates as plain data, without suspend data', async () => {
    const records = await platform.enrolment.learnerRecords(learnerId);
    expect(records.enrollments).toHaveLength(6);
    expect(records.enrollments.every((e) => typeof e.enrolledAt === 'string')).toBe(true);
    expect(records.results).toEqual([
      expect.objectContaining({ sco: 'sco-1', progress: 'incomplete', scoreRaw: '40', totalTime: '0000:10:00' }),
    ]);
    expect(records.scormLog).toEqual([expect.objectContaining({ sco: 'sco-1', slideLocation: 'slide-4', sessionTime: '00:10:00' })]);
    expect(records.activities).toEqual([{ enrollmentId: certs.ladders, activityId: 77, completedAt: days(-20).toISOString() }]);
    expect(records.certificates.map((c) => [c.enrollmentId, c.state])).toEqual(
      expect.arrayContaining([
        [certs.fireOld, 'superseded'],
        [certs.fireNew, 'valid'],
        [certs.ladders, 'expiring-soon'],
        [certs.noise, 'expired'],
        [certs.withdrawn, 'revoked'],
      ]),
    );
    expect(records.certificates.some((c) => c.enrollmentId === certs.other)).toBe(false);
    expect(JSON.stringify(records)).not.toContain('secret-state');
    expect(JSON.parse(JSON.stringify(records))).toEqual(records);
  });
});
