import { REPORT_ROLE_LABELS, REPORT_TITLES, type Report, type ReportType, type Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { dbDay } from './db-time';
import { ReportRepository, type ReportFilters } from './report.statements';

type Cell = string | number | null;
type Column = { key: string; label: string; kind?: 'date' };
interface Built {
  columns: Column[];
  rows: Record<string, Cell>[];
  chart: { label: string; value: number }[];
}

const col = (key: string, label: string): Column => ({ key, label });
/** A column of days: the view shows them dd/mm/yyyy, the workbook writes date cells. */
const dayCol = (key: string, label: string): Column => ({ key, label, kind: 'date' });
/** The bars of a chart: the largest first, at most 12 (the table has the rest). */
function chartOf(entries: [string, number][]): { label: string; value: number }[] {
  return entries
    .filter(([, value]) => value !== 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 12)
    .map(([label, value]) => ({ label, value }));
}
function countBy<T>(rows: T[], key: (row: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return [...counts];
}

const STATUS_LABELS: Record<string, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  failed: 'Failed',
};
const statusColumns = [
  col('enrollments', 'Enrollments'),
  col('not_started', 'Not started'),
  col('in_progress', 'In progress'),
  col('passed', 'Passed'),
  col('failed', 'Failed'),
];

/** The columns of each report are listed in docs/reports.md; keep the two together. */
const builders: Record<ReportType, (repo: ReportRepository, f: ReportFilters) => Promise<Built>> = {
  async 'total-certificates'(repo, f) {
    const rows = await repo.certificates(f);
    return {
      columns: [
        col('certificate_code', 'Certificate'),
        col('learner', 'Learner'),
        col('email', 'Email'),
        col('company', 'Company'),
        col('course', 'Course'),
        dayCol('passed_at', 'Passed on'),
        dayCol('expires_at', 'Expires on'),
      ],
      rows: rows.map((r) => ({
        certificate_code: r.certificate_code,
        learner: r.learner,
        email: r.email,
        company: r.company,
        course: r.course,
        passed_at: dbDay(r.passed_at),
        expires_at: dbDay(r.expires_at),
      })),
      chart: chartOf(countBy(rows, (r) => r.course ?? 'Unknown course')),
    };
  },

  async 'total-enrollments'(repo, f) {
    const rows = await repo.enrolments(f);
    return {
      columns: [
        col('id', 'Enrollment'),
        col('learner', 'Learner'),
        col('email', 'Email'),
        col('company', 'Company'),
        col('course', 'Course'),
        col('status', 'Status'),
        dayCol('enrolled_at', 'Enrolled on'),
        dayCol('passed_at', 'Passed on'),
      ],
      rows: rows.map((r) => ({
        id: Number(r.id),
        learner: r.learner,
        email: r.email,
        company: r.company,
        course: r.course,
        status: STATUS_LABELS[r.status] ?? r.status,
        enrolled_at: dbDay(r.created_at),
        passed_at: dbDay(r.passed_at),
      })),
      chart: chartOf(countBy(rows, (r) => STATUS_LABELS[r.status] ?? r.status)),
    };
  },

  async 'total-enrollments-by-company'(repo, f) {
    const rows = await repo.enrolmentCounts(f, 'company');
    const parents = await repo.namesOf('companies', [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))]);
    return {
      columns: [col('company', 'Company'), col('parent_company', 'Parent company'), ...statusColumns],
      rows: rows.map((r) => ({
        company: r.name,
        parent_company: r.parentId ? (parents.get(r.parentId) ?? null) : null,
        enrollments: r.total,
        not_started: r.notStarted,
        in_progress: r.inProgress,
        passed: r.passed,
        failed: r.failed,
      })),
      chart: chartOf(rows.map((r) => [r.name, r.total])),
    };
  },

  async 'total-enrollments-by-course'(repo, f) {
    const rows = await repo.enrolmentCounts(f, 'course');
    return {
      columns: [col('course', 'Course'), ...statusColumns, col('pass_rate', 'Pass rate (%)')],
      rows: rows.map((r) => ({
        course: r.name,
        enrollments: r.total,
        not_started: r.notStarted,
        in_progress: r.inProgress,
        passed: r.passed,
        failed: r.failed,
        pass_rate: r.total ? Math.round((r.passed / r.total) * 100) : 0,
      })),
      chart: chartOf(rows.map((r) => [r.name, r.total])),
    };
  },

  async 'credit-usage'(repo, f) {
    const movements = await repo.creditMovements(f);
    const ids = [...new Set(movements.map((m) => m.companyId))];
    const [names, balances] = await Promise.all([repo.namesOf('companies', ids), repo.balances(ids)]);
    const sum = (companyId: number, kinds: string[]) =>
      movements.filter((m) => m.companyId === companyId && kinds.includes(m.kind)).reduce((total, m) => total + m.total, 0);
    const rows = ids
      .map((id) => ({
        company: names.get(id) ?? `#${id}`,
        purchased: sum(id, ['purchase']),
        used: -sum(id, ['enrolment', 're-enrolment']),
        refunded: sum(id, ['refund']),
        transferred: sum(id, ['transfer']),
        adjusted: sum(id, ['adjustment']),
        net_change: sum(id, ['purchase', 'enrolment', 're-enrolment', 'refund', 'transfer', 'adjustment']),
        balance: balances.get(id) ?? 0,
      }))
      .sort((a, b) => a.company.localeCompare(b.company));
    return {
      columns: [
        col('company', 'Company'),
        col('purchased', 'Purchased'),
        col('used', 'Used'),
        col('refunded', 'Refunded'),
        col('transferred', 'Transferred'),
        col('adjusted', 'Adjusted'),
        col('net_change', 'Net change'),
        col('balance', 'Balance now'),
      ],
      rows,
      chart: chartOf(rows.map((r) => [r.company, r.used])),
    };
  },

  async 'course-usage'(repo, f) {
    const rows = await repo.courseUsage(f);
    return {
      columns: [
        col('course', 'Course'),
        col('enrollments', 'Enrollments'),
        col('learners', 'Learners'),
        col('started', 'Started'),
        col('passed', 'Passed'),
        col('average_score', 'Average score'),
      ],
      rows: rows.map((r) => ({
        course: r.name,
        enrollments: r.enrolled,
        learners: r.learners,
        started: r.started,
        passed: r.passed,
        average_score: r.averageScore,
      })),
      chart: chartOf(rows.map((r) => [r.name, r.enrolled])),
    };
  },

  async 'company-analytics'(repo, f) {
    const companies = await repo.companies(f);
    const [enrolled, movements, balances] = await Promise.all([
      repo.enrolmentCounts(f, 'company'),
      repo.creditMovements(f),
      repo.balances(companies.map((c) => c.id)),
    ]);
    const byId = new Map(enrolled.map((r) => [r.id, r]));
    const parents = new Map(companies.map((c) => [c.id, c.name]));
    const used = (id: number) =>
      -movements
        .filter((m) => m.companyId === id && (m.kind === 'enrolment' || m.kind === 're-enrolment'))
        .reduce((t, m) => t + m.total, 0);
    const rows = companies.map((c) => {
      const e = byId.get(c.id);
      return {
        company: c.name,
        parent_company: c.parentId ? (parents.get(c.parentId) ?? null) : null,
        learners: c.learners,
        enrollments: e?.total ?? 0,
        passed: e?.passed ?? 0,
        pass_rate: e?.total ? Math.round((e.passed / e.total) * 100) : 0,
        credits_used: used(c.id),
        credit_balance: balances.get(c.id) ?? 0,
      };
    });
    return {
      columns: [
        col('company', 'Company'),
        col('parent_company', 'Parent company'),
        col('learners', 'Learners'),
        col('enrollments', 'Enrollments'),
        col('passed', 'Passed'),
        col('pass_rate', 'Pass rate (%)'),
        col('credits_used', 'Credits used'),
        col('credit_balance', 'Credit balance'),
      ],
      rows,
      chart: chartOf(rows.map((r) => [r.company, r.enrollments])),
    };
  },

  async 'user-activity'(repo, f) {
    const [signIns, enrolled, passed] = await Promise.all([
      repo.perUser('sign_ins', 'created_at', f),
      repo.perUser('enrollments', 'created_at', f),
      repo.perUser('enrollments', 'passed_at', f),
    ]);
    const active = [...new Set([...signIns.keys(), ...enrolled.keys(), ...passed.keys()])];
    const users = await repo.users(active, f);
    const last = await repo.lastSignIns(users.map((u) => Number(u.id)));
    const rows = users.map((u) => {
      const id = Number(u.id);
      return {
        name: u.name,
        email: u.email,
        role: REPORT_ROLE_LABELS[u.role as Role] ?? u.role,
        company: u.company,
        sign_ins: signIns.get(id) ?? 0,
        last_sign_in: dbDay(last.get(id)),
        enrollments: enrolled.get(id) ?? 0,
        certificates: passed.get(id) ?? 0,
      };
    });
    return {
      columns: [
        col('name', 'Name'),
        col('email', 'Email'),
        col('role', 'Role'),
        col('company', 'Company'),
        col('sign_ins', 'Sign-ins'),
        dayCol('last_sign_in', 'Last sign-in'),
        col('enrollments', 'Enrollments'),
        col('certificates', 'Certificates'),
      ],
      rows,
      chart: chartOf(countBy(rows, (r) => r.role)),
    };
  },
};

export async function buildReport(em: Em, type: ReportType, filters: ReportFilters): Promise<Report> {
  const built = await builders[type](new ReportRepository(em), filters);
  return { type, title: REPORT_TITLES[type], start_date: filters.range.startDate, end_date: filters.range.endDate, ...built };
}
