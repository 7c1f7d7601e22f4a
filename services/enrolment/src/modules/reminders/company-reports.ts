import ExcelJS from 'exceljs';
import { z } from 'zod';
import { formatDate } from '@portal/contracts';
import { defineJob, type JobDefinition, type ServiceDeps } from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { escapeHtml } from './expiry-reminders';

const DAY_MS = 24 * 60 * 60 * 1000;
type Deps = Pick<ServiceDeps, 'orm' | 'identity' | 'catalogue' | 'mailer' | 'jobs' | 'env' | 'now'>;

export const WEEKLY_REPORT_JOB = 'reports.company-progress';
export const EXPIRY_REPORT_JOB = 'reports.company-expiry';
/** The monthly expiry report looks this far ahead. */
export const EXPIRY_REPORT_DAYS = 60;

/** The scheduled part: one job per company whose setting is on (the slow part runs in the jobs). */
export async function queueCompanyReports(deps: Deps, kind: 'progress' | 'expiry', now: Date): Promise<number> {
  const companies = await deps.identity.companiesWithSetting(kind === 'progress' ? 'send_report' : 'send_expiry_report');
  if (companies.length === 0) return 0;
  const name = kind === 'progress' ? WEEKLY_REPORT_JOB : EXPIRY_REPORT_JOB;
  await deps.jobs.enqueueMany(companies.map((c) => ({ name, payload: { companyId: c.id, at: now.toISOString() } })));
  return companies.length;
}

interface Row {
  learner: string;
  email: string;
  course: string;
  status: string;
  score: number | null;
  enrolled: Date;
  passed: Date | null;
  expires: Date | null;
}

async function rowsOf(deps: Deps, enrolments: IEnrolment[]): Promise<Row[]> {
  const [users, courses] = await Promise.all([
    deps.identity.usersByIds([...new Set(enrolments.map((e) => e.userId))]),
    deps.catalogue.coursesByIds([...new Set(enrolments.map((e) => e.courseId))]),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  return enrolments.map((e) => ({
    learner: userById.get(e.userId)?.name ?? `Deleted user #${e.userId}`,
    email: userById.get(e.userId)?.email ?? '',
    course: courseName.get(e.courseId) ?? 'Deleted course',
    status: e.status.replace('_', ' '),
    score: e.score ?? null,
    enrolled: e.createdAt,
    passed: e.passedAt ?? null,
    expires: e.expiresAt ?? null,
  }));
}

export async function progressWorkbook(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Progress');
  sheet.columns = [
    { header: 'Learner', key: 'learner', width: 28 },
    { header: 'Email', key: 'email', width: 30 },
    { header: 'Course', key: 'course', width: 36 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Score', key: 'score', width: 8 },
    // Real date cells, shown as the spec writes dates, so a spreadsheet sorts and filters them.
    { header: 'Enrolled', key: 'enrolled', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Passed', key: 'passed', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Expires', key: 'expires', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const companyPayload = z.object({ companyId: z.number().int(), at: z.string() });

/**
 * The weekly progress report of one company: its enrolments (bought by it) with each learner's
 * status, as an .xlsx attached, to its managers. Safe to run again (it only mails).
 */
export function companyProgressReportJob(platform: Deps | (() => Deps)): JobDefinition {
  return defineJob({
    name: WEEKLY_REPORT_JOB,
    payload: companyPayload,
    async handle({ companyId, at }) {
      const deps = typeof platform === 'function' ? platform() : platform;
      const [company, managers] = await Promise.all([deps.identity.companyById(companyId), deps.identity.managersOf([companyId])]);
      const to = managers.flatMap((m) => (m.email ? [m.email] : []));
      if (!company || to.length === 0) return;
      const enrolments = await deps.orm.em.fork().find(Enrolment, { companyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      const rows = await rowsOf(deps, enrolments);
      const counts = {
        total: rows.length,
        passed: enrolments.filter((e) => e.status === 'passed').length,
        inProgress: enrolments.filter((e) => e.status === 'in_progress').length,
      };
      const date = formatDate(at);
      await deps.mailer.send({
        to,
        subject: `Weekly progress report for ${company.name}`,
        text: `The weekly progress report of ${company.name} (${date}): ${counts.total} enrolments, ${counts.passed} passed, ${counts.inProgress} in progress. The full list is attached.\n`,
        html: `<p>The weekly progress report of <strong>${escapeHtml(company.name)}</strong> (${date}): ${counts.total} enrolments, ${counts.passed} passed, ${counts.inProgress} in progress.</p><p>The full list is attached.</p>`,
        attachments: [
          {
            filename: `progress-report-${at.slice(0, 10)}.xlsx`,
            content: await progressWorkbook(rows),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
      });
    },
  });
}

/** The monthly list of one company's certificates expiring in the next 60 days, to its managers (nothing when none). */
export function companyExpiryReportJob(platform: Deps | (() => Deps)): JobDefinition {
  return defineJob({
    name: EXPIRY_REPORT_JOB,
    payload: companyPayload,
    async handle({ companyId, at }) {
      const deps = typeof platform === 'function' ? platform() : platform;
      const [company, managers] = await Promise.all([deps.identity.companyById(companyId), deps.identity.managersOf([companyId])]);
      const to = managers.flatMap((m) => (m.email ? [m.email] : []));
      if (!company || to.length === 0) return;
      const from = new Date(at);
      const until = new Date(from.getTime() + EXPIRY_REPORT_DAYS * DAY_MS);
      const enrolments = await deps.orm.em
        .fork()
        .find(
          Enrolment,
          { companyId, status: 'passed', expiresAt: { $gte: from, $lt: until } },
          { orderBy: { expiresAt: 'asc', id: 'asc' } },
        );
      if (enrolments.length === 0) return;
      const rows = await rowsOf(deps, enrolments);
      const lines = rows.map((r) => `${formatDate(r.expires)}  ${r.learner}  ${r.course}`);
      const link = `${deps.env.appUrl}/enrolments/create/v2`;
      await deps.mailer.send({
        to,
        subject: `Certificates expiring in the next ${EXPIRY_REPORT_DAYS} days at ${company.name}`,
        text: `These certificates of ${company.name} expire in the next ${EXPIRY_REPORT_DAYS} days:\n\n${lines.join('\n')}\n\nRe-enrol: ${link}\n`,
        html:
          `<p>These certificates of <strong>${escapeHtml(company.name)}</strong> expire in the next ${EXPIRY_REPORT_DAYS} days:</p><table><tr><th>Expires</th><th>Learner</th><th>Course</th></tr>` +
          rows
            .map((r) => `<tr><td>${formatDate(r.expires)}</td><td>${escapeHtml(r.learner)}</td><td>${escapeHtml(r.course)}</td></tr>`)
            .join('') +
          `</table><p><a href="${link}">Re-enrol</a></p>`,
      });
    },
  });
}
