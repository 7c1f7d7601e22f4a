import {
  isRenewalDue,
  REPORTING_STATUS_LABELS,
  REPORTING_STATUSES,
  type ReportingEnrolmentRow,
  type ReportingEnrolmentsQuery,
  type ReportingStatus,
} from '@portal/contracts';
import { forbidden, inIdOrder, pageOf, pageWindow, type Em } from '@portal/service-kit';
import { isoOf, pageIds, ReportingEnrolmentsRepository, type ReportingRowRecord } from './enrolments.repository';
import { unfiltered } from './page/page-request';

const DELETED = 'Deleted';

/**
 * What a row offers (spec §4), as of `now`. Re-enrol only while it can act: a row the learner has
 * been enrolled on again since (`reEnrolledAt`) is renewed already (the server refuses it too).
 */
export function rowActions(status: ReportingStatus, expiresAt: string | null, now: Date, reEnrolledAt: string | null = null) {
  const notStarted = status === 'not_started';
  const passed = status === 'passed';
  const expires = expiresAt ? new Date(expiresAt).getTime() : null;
  const due = isRenewalDue(expiresAt, now);
  return {
    expiryDue: due,
    actions: {
      edit: notStarted,
      remind: notStarted,
      delete: notStarted,
      view_certificate: passed && (expires === null || expires > now.getTime()),
      re_enrol: passed && due && reEnrolledAt === null,
    },
  };
}

function toRow(record: ReportingRowRecord, actingCompanyId: number, now: Date): ReportingEnrolmentRow {
  const status = (REPORTING_STATUSES as readonly string[]).includes(record.status) ? (record.status as ReportingStatus) : 'not_started';
  const expiresAt = isoOf(record.expires_at);
  const reEnrolledAt = isoOf(record.renewed_at);
  const { expiryDue, actions } = rowActions(status, expiresAt, now, reEnrolledAt);
  const companyId = Number(record.company_id);
  return {
    id: Number(record.id),
    user_id: Number(record.user_id),
    learner_name: record.learner_name ?? DELETED,
    email: record.email ?? null,
    login_code: record.login_code ?? null,
    company_id: companyId,
    depot: companyId === actingCompanyId ? null : (record.company_name ?? DELETED),
    course_id: Number(record.course_id),
    course_name: record.course_name ?? DELETED,
    status,
    enrolled_at: isoOf(record.created_at) ?? new Date(0).toISOString(),
    last_activity_at: status === 'not_started' ? null : isoOf(record.updated_at),
    passed_at: isoOf(record.passed_at),
    expires_at: expiresAt,
    expiry_due: expiryDue,
    certificate_code: record.certificate_code ?? null,
    last_reminded_at: isoOf(record.last_reminded_at),
    re_enrolled_at: reEnrolledAt,
    actions,
  };
}

/** The companies a query reads: the acting company and its depots, or one of them (`depot`); another company's depot is refused. */
async function scopeOf(repository: ReportingEnrolmentsRepository, actingCompanyId: number, depot: number | undefined) {
  const companies = await repository.companyWithDepots(actingCompanyId);
  const ids = companies.map((c) => c.id);
  if (depot !== undefined && !ids.includes(depot)) throw forbidden('That depot is not your company’s.');
  return { companies, companyIds: depot !== undefined ? [depot] : ids };
}

/** GET /api/reporting/enrolments: the page's data for the acting company (see the contract). */
export async function readReportingEnrolments(
  em: Em,
  input: { actingCompanyId: number; query: ReportingEnrolmentsQuery; url: string; now: Date },
) {
  const { query, actingCompanyId } = input;
  const repository = new ReportingEnrolmentsRepository(em);
  const { companies, companyIds } = await scopeOf(repository, actingCompanyId, query.depot);
  const allIds = companies.map((c) => c.id);

  // The route's query goes down as it was parsed: its filters are the ones the SQL applies.
  const scope = { filter: query, companyIds, match: await repository.searchMatch({ filter: query, companyIds }) };
  const everyRow = companyIds.length === allIds.length && unfiltered(query, scope.match);
  // Independent reads: MySQL runs them side by side on the pool (SQLite, one connection, in turn).
  const companyRanks = [...companies].sort((a, b) => a.nameOrder - b.nameOrder);
  // The first page does not depend on the count (page 1 is page 1 whatever the total), so it is read beside it; the course sort needs the tiles' names first.
  const firstPage = query.page <= 1 && query.sort !== 'course';
  const reading = { ...scope, sort: query.sort, dir: query.dir, limit: query.perPage };
  const [courses, { total, perCompany }, companyTotal, learner, firstIds] = await Promise.all([
    repository.coursesOf(allIds),
    repository.count(scope),
    everyRow ? Promise.resolve(null) : repository.companyTotal(allIds),
    query.user ? repository.learnerIn(allIds, query.user) : Promise.resolve(null),
    firstPage
      ? pageIds(repository, {
          ...reading,
          ranks: { courses: [], companies: companyRanks },
          perCompany: null,
          offset: 0,
          total: Number.POSITIVE_INFINITY,
        })
      : Promise.resolve(null),
  ]);
  const window = pageWindow(total, query);
  const ranks = { courses, companies: companyRanks };
  const ids = total === 0 ? [] : (firstIds ?? (await pageIds(repository, { ...reading, ranks, perCompany, offset: window.offset, total })));
  const records = inIdOrder(
    ids,
    (await repository.rowsByIds(ids)).map((r) => ({ ...r, id: Number(r.id) })),
  );
  // Numbered as every list's page (kit pageOf), answered in the spec's /reporting meta.
  const page = pageOf(records, window, { url: input.url });

  return {
    filters: {
      search: query.search,
      status: query.status ?? null,
      user: query.user ?? null,
      courses: query.courses,
      start_date: query.start_date ?? null,
      end_date: query.end_date ?? null,
      depot: query.depot ?? null,
      order_by: query.sort,
      order_dir: query.dir,
      per_page: page.per_page,
      page: page.current_page,
    },
    courses,
    users: learner ? [learner] : [],
    statuses: REPORTING_STATUSES.map((id) => ({ id, name: REPORTING_STATUS_LABELS[id] })),
    depots: companies.filter((c) => c.id !== actingCompanyId).map((c) => ({ id: c.id, name: c.name })),
    company_total: companyTotal ?? total,
    results: {
      data: page.data.map((r) => toRow(r, actingCompanyId, input.now)),
      meta: {
        current_page: page.current_page,
        last_page: page.last_page,
        per_page: page.per_page,
        from: page.from,
        to: page.to,
        total: page.total,
        links: { prev: page.prev_page_url, next: page.next_page_url },
      },
    },
  };
}

/** GET /api/reporting/enrolments/ids: totalEnrollmentIDs for the same filters. */
export async function readReportingEnrolmentIds(em: Em, input: { actingCompanyId: number; query: ReportingEnrolmentsQuery }) {
  const repository = new ReportingEnrolmentsRepository(em);
  const { companyIds } = await scopeOf(repository, input.actingCompanyId, input.query.depot);
  return { totalEnrollmentIDs: await repository.allIds({ filter: input.query, companyIds }) };
}
