import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createScheduler, type Em } from '@portal/service-kit';
import type { TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { enrolmentJobDefinitions, enrolmentScheduledTasks, reminderKindFor, sendExpiryReminders } from './index';
import { queueCompanyReports } from './company-reports';

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-01T06:00:00Z');
const EXPIRES = new Date('2026-05-15T12:00:00Z');
let clock = START;
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let em: Em;
let learnerEmail: string;
let managerEmail: string;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => clock });
  platform = world.platform;
  em = platform.orm.em.fork();
  const company = await world.identity.company({ name: 'Builders Ltd' });
  const learner = await world.identity.user({ role: 'learner', companyId: company.id, name: 'Lee Learner' });
  const manager = await world.identity.user({ role: 'manager', companyId: company.id, name: 'Mo Manager' });
  learnerEmail = learner.email!;
  managerEmail = manager.email!;
  const course = await world.catalogue.course({ name: 'Asbestos Awareness' });
  await makeEnrolment(em, {
    userId: learner.id,
    courseId: course.id,
    companyId: company.id,
    status: 'passed',
    passedAt: new Date('2025-05-15T12:00:00Z'),
    expiresAt: EXPIRES,
    certificateCode: 'CERT-AAAAAAAAAAAA',
  });
  // A superseded certificate (the learner enrolled again) is not reminded of.
  const other = await world.catalogue.course({ name: 'Fire Safety' });
  await makeEnrolment(em, {
    userId: learner.id,
    courseId: other.id,
    companyId: company.id,
    status: 'passed',
    passedAt: new Date('2025-05-15T12:00:00Z'),
    expiresAt: EXPIRES,
    certificateCode: 'CERT-BBBBBBBBBBBB',
  });
  await makeEnrolment(em, { userId: learner.id, courseId: other.id, companyId: company.id });
});
afterAll(() => platform.close());

describe('reminderKindFor', () => {
  it('is due 30 days before the expiry day, 7 days before and on the day (UTC days)', () => {
    const at = (days: number) => new Date(Date.UTC(2026, 4, 15) - days * DAY + 3_600_000);
    expect(reminderKindFor(EXPIRES, at(31))).toBeNull();
    expect(reminderKindFor(EXPIRES, at(30))).toBe('30d');
    expect(reminderKindFor(EXPIRES, at(8))).toBe('30d');
    expect(reminderKindFor(EXPIRES, at(7))).toBe('7d');
    expect(reminderKindFor(EXPIRES, at(1))).toBe('7d');
    expect(reminderKindFor(EXPIRES, new Date('2026-05-15T23:00:00Z'))).toBe('0d');
    expect(reminderKindFor(EXPIRES, new Date('2026-05-16T00:00:00Z'))).toBeNull();
  });
});

describe('expiry reminders', () => {
  it('arrive once each at 30 days, 7 days and on the day as the clock moves, to the learner and the managers', async () => {
    const subjects: string[][] = [];
    // Every day from 1 March to 20 May, the task runs (twice, to prove it sends once) and the queue drains.
    for (let t = START.getTime(); t <= Date.UTC(2026, 4, 20, 6); t += DAY) {
      clock = new Date(t);
      await sendExpiryReminders(platform, clock);
      await sendExpiryReminders(platform, clock);
      await platform.jobs.drain();
      const today = platform.sentMail.splice(0);
      if (today.length) subjects.push([clock.toISOString().slice(0, 10), ...today.map((m) => `${[m.to].flat().join(',')}: ${m.subject}`)]);
    }
    expect(subjects).toEqual([
      [
        '2026-04-15',
        `${learnerEmail}: Your Asbestos Awareness certificate expires in 30 days`,
        `${managerEmail}: Lee Learner's Asbestos Awareness certificate expires in 30 days`,
      ],
      [
        '2026-05-08',
        `${learnerEmail}: Your Asbestos Awareness certificate expires in 7 days`,
        `${managerEmail}: Lee Learner's Asbestos Awareness certificate expires in 7 days`,
      ],
      [
        '2026-05-15',
        `${learnerEmail}: Your Asbestos Awareness certificate expires today`,
        `${managerEmail}: Lee Learner's Asbestos Awareness certificate expires today`,
      ],
    ]);
  });

  it('run from the schedule: the daily task claims its occurrence once and the mails carry a re-enrol link', async () => {
    const freshWorld = await createEnrolmentTestWorld({ now: () => clock });
    const fresh = freshWorld.platform;
    try {
      const fem = fresh.orm.em.fork();
      const company = freshWorld.identity.company({});
      const learner = freshWorld.identity.user({ role: 'learner', companyId: company.id });
      freshWorld.identity.user({ role: 'manager', companyId: company.id });
      const course = freshWorld.catalogue.course({});
      await makeEnrolment(fem, {
        userId: learner.id,
        courseId: course.id,
        companyId: company.id,
        status: 'passed',
        passedAt: new Date('2025-05-15'),
        expiresAt: EXPIRES,
        certificateCode: 'CERT-CCCCCCCCCCCC',
      });
      const tasks = enrolmentScheduledTasks(fresh).filter((t) => t.name === 'enrolment.expiry-reminders');
      clock = new Date('2026-05-08T06:30:00Z');
      const scheduler = createScheduler({ orm: fresh.orm, now: () => clock, tasks });
      await scheduler.tick();
      await scheduler.tick();
      await fresh.jobs.drain();
      expect(fresh.sentMail).toHaveLength(2);
      expect(fresh.sentMail[1]!.text).toContain(`/enrolments/create/v2?course_id=${course.id}&user_id=${learner.id}`);
    } finally {
      await freshWorld.close();
    }
  });
});

describe('company reports', () => {
  it('the weekly progress report goes to the managers of companies with send_report, the .xlsx attached; the monthly one lists what expires in 60 days', async () => {
    clock = new Date('2026-04-01T07:00:00Z');
    const reportsWorld = await createEnrolmentTestWorld({ now: () => clock });
    const reports = reportsWorld.platform;
    try {
      const rem = reports.orm.em.fork();
      const on = reportsWorld.identity.company({ name: 'Reports On' });
      const off = reportsWorld.identity.company({ name: 'Reports Off', sendReport: false, sendExpiryReport: false });
      const manager = reportsWorld.identity.user({ role: 'manager', companyId: on.id });
      reportsWorld.identity.user({ role: 'manager', companyId: off.id });
      const learner = reportsWorld.identity.user({ role: 'learner', companyId: on.id, name: 'Pat Passed' });
      const course = reportsWorld.catalogue.course({ name: 'Working at Height' });
      await makeEnrolment(rem, {
        userId: learner.id,
        courseId: course.id,
        companyId: on.id,
        status: 'passed',
        passedAt: new Date('2025-05-01'),
        expiresAt: new Date('2026-05-01'),
        certificateCode: 'CERT-DDDDDDDDDDDD',
      });
      const other = reportsWorld.catalogue.course({ name: 'Manual Handling' });
      await makeEnrolment(rem, {
        userId: learner.id,
        courseId: other.id,
        companyId: on.id,
        status: 'passed',
        passedAt: new Date('2026-01-01'),
        expiresAt: new Date('2027-01-01'),
        certificateCode: 'CERT-EEEEEEEEEEEE',
      });
      const definitions = enrolmentJobDefinitions(reports);
      expect(await queueCompanyReports(reports, 'progress', clock)).toBe(1);
      expect(await queueCompanyReports(reports, 'expiry', clock)).toBe(1);
      // Run the report jobs by hand with their handlers, then deliver the mail they queued.
      const rows = (await rem.getConnection().execute('select name, payload from jobs where name like ? order by id', ['reports.%'])) as {
        name: string;
        payload: string;
      }[];
      for (const row of rows)
        await definitions
          .find((d) => d.name === row.name)!
          .handle(JSON.parse(row.payload), { id: 0, name: row.name, queue: 'default', attempt: 1, now: clock });
      await rem.getConnection().execute('delete from jobs where name like ?', ['reports.%']);
      await reports.jobs.drain();
      const [progress, expiry] = reports.sentMail;
      expect(reports.sentMail).toHaveLength(2);
      expect(progress!.to).toEqual([manager.email]);
      expect(progress!.subject).toBe('Weekly progress report for Reports On');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(progress!.attachments![0]!.content as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).values).toEqual([undefined, 'Learner', 'Email', 'Course', 'Status', 'Score', 'Enrolled', 'Passed', 'Expires']);
      expect(sheet.rowCount).toBe(3);
      // Dates are real date cells written the spec's way, and the mail speaks dd/mm/yyyy too.
      const expires = sheet.getRow(1).values as string[];
      const expiresColumn = expires.indexOf('Expires');
      const cells = [2, 3].map((n) => sheet.getRow(n).getCell(expiresColumn));
      expect(cells.every((cell) => cell.value instanceof Date && cell.numFmt === 'dd/mm/yyyy')).toBe(true);
      expect(progress!.text).toContain('(01/04/2026)');
      expect(expiry!.subject).toBe('Certificates expiring in the next 60 days at Reports On');
      expect(expiry!.text).toContain('01/05/2026  Pat Passed  Working at Height');
      expect(expiry!.text).not.toContain('Manual Handling');
    } finally {
      await reportsWorld.close();
    }
  });
});
