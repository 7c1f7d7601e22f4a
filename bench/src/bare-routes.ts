import { Hono } from 'hono';
import {
  HELP_EMAIL,
  RENEWAL_THRESHOLD_DAYS,
  REPORTING_STATUS_LABELS,
  REPORTING_STATUSES,
  SESSION_COOKIE,
  XSRF_COOKIE,
} from '@portal/contracts';
import { pageLink, xsrfTokenFor } from '@portal/service-kit';
import { isoOf, list, type BareDatabase } from './bare-database';
import { scormCommitTwin } from './bare-scorm-commit';

/**
 * The baselines of issue 14 item 4: each measured route again, as a bare Hono route that runs the
 * route's SQL statements through the raw driver (the module the ORM itself loads: libsql for
 * SQLite, mysql2 for MySQL/MariaDB) and answers the same JSON, with no session, ORM, validation
 * or middleware. The statements are the ones the route runs (bench-server.ts checks it at start:
 * same statements, same body), written the way the driver is meant to be used: SQLite statements
 * prepared once, MySQL through a pool of the ORM's size with the ORM's connection options.
 *
 * Keep each handler in step with its route (the SQL, in order, and the mapping to JSON): when the
 * route's queries change, the start-up check reports it and the figure is not valid.
 */

/** The routes issue 14 item 4 measures, each against its bare twin below, and who calls them. */
export const MEASURED_ROUTES = [
  { name: 'learner dashboard (GET /api/learner/dashboard)', path: '/api/learner/dashboard', as: 'learner' },
  { name: '/reporting, 25 rows (GET /api/reporting/enrolments?per_page=25)', path: '/api/reporting/enrolments?per_page=25', as: 'manager' },
] as const;

/** The cookies a signed-in browser sends: the session and its XSRF token (without the latter every answer would set it again). */
export function sessionCookies(token: string): string {
  return `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrfTokenFor(token)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The same routes as the portal's, for one caller fixed at start (there is no session): the
 * learner of the dashboard and the acting company of /reporting.
 */
export function createBareApp(db: BareDatabase, callers: { learnerId: number; companyId: number }) {
  const app = new Hono();

  // GET /api/learner/dashboard (enrolment service: learner-dashboard.routes.ts).
  app.get('/api/learner/dashboard', async (c) => {
    const now = Date.now();
    const enrolments = await db.all(
      'select `id`, `course_id`, `status`, `certificate_code`, `passed_at`, `expires_at` from `enrollments` where `user_id` = ? order by `created_at` desc, `id` desc',
      [callers.learnerId],
    );
    const courseIds = [...new Set(enrolments.map((e) => Number(e.course_id)))];
    const ids = enrolments.map((e) => Number(e.id));
    const courses = courseIds.length
      ? await db.all(
          `select \`id\`, \`name\`, \`description\`, \`wp_link\`, \`company_id\`, \`credit_cost\`, \`validity_period\`, \`has_bridging\` from \`courses\` where \`id\` in (${list(courseIds.length)})`,
          courseIds,
        )
      : [];
    const [user] = await db.all(
      'select `id`, `name`, `email`, `company_id`, `role`, `wp_user`, `anonymised_at` from `users` where `id` in (?)',
      [callers.learnerId],
    );
    const states = ids.length
      ? await db.all(
          `select \`enrollment_id\`, \`progress_measure\` from \`scorm_sco_states\` where \`enrollment_id\` in (${list(ids.length)}) and \`progress_measure\` is not null`,
          ids,
        )
      : [];
    const measures = new Map<number, number[]>();
    for (const s of states) {
      const measure = Number(s.progress_measure);
      if (String(s.progress_measure).trim() !== '' && Number.isFinite(measure))
        measures.set(Number(s.enrollment_id), [...(measures.get(Number(s.enrollment_id)) ?? []), Math.min(1, Math.max(0, measure))]);
    }
    const courseById = new Map(courses.map((course) => [Number(course.id), course]));
    return c.json({
      learner_name: user?.name,
      help_email: HELP_EMAIL,
      is_purchased_account: Boolean(Number(user?.wp_user ?? 0)),
      enrollments: enrolments.map((e) => {
        const course = courseById.get(Number(e.course_id));
        const expiresAt = isoOf(e.expires_at);
        const state =
          e.status === 'passed'
            ? expiresAt && Date.parse(expiresAt) <= now
              ? 'expired'
              : 'passed'
            : e.status === 'in_progress'
              ? 'in-progress'
              : e.status === 'failed'
                ? 'failed'
                : 'not-started';
        const progress = measures.get(Number(e.id));
        return {
          id: Number(e.id),
          course: {
            id: Number(e.course_id),
            name: course?.name ?? 'Course no longer available',
            description: course?.description ?? '',
            wp_link: course?.wp_link ?? null,
          },
          state,
          passed: e.status === 'passed',
          passed_at: isoOf(e.passed_at),
          expired: state === 'expired',
          expired_at: expiresAt,
          in_progress: state === 'in-progress',
          not_started: state === 'not-started',
          failed: state === 'failed',
          certificate_code: e.status === 'passed' ? (e.certificate_code ?? null) : null,
          reviews_link: null,
          progress: progress ? Math.round((progress.reduce((a, b) => a + b, 0) / progress.length) * 100) : null,
        };
      }),
    });
  });

  // GET /api/reporting/enrolments?per_page=25 (reporting service: reporting-enrolments.ts, enrolments.repository.ts), first page,
  // newest first, no filter, for a company with depots (the demo company): the near page is read per company and merged.
  app.get('/api/reporting/enrolments', async (c) => {
    const now = Date.now();
    const actingCompanyId = callers.companyId;
    const perPage = Number(c.req.query('per_page') ?? 10);
    const companyRows = await db.all(
      'select `id`, `name`, `parent_id` from `companies` where `id` = ? or `parent_id` = ? order by `name` asc, `id` asc',
      [actingCompanyId, actingCompanyId],
    );
    const companies = [
      ...companyRows.filter((r) => Number(r.id) === actingCompanyId),
      ...companyRows.filter((r) => Number(r.id) !== actingCompanyId),
    ];
    const companyIds = companies.map((r) => Number(r.id));
    const inCompanies = list(companyIds.length);
    // The course tiles (one probe of the index per course), the count per company (MySQL groups the
    // index range, SQLite counts each company's) and the first page's ids (each company's newest rows,
    // merged: the first page does not wait for the count): side by side on MySQL's pool, in turn on SQLite.
    const branches = companyIds.map(
      (_, i) =>
        `select \`b${i}\`.\`id\`, \`b${i}\`.\`k\` from (select \`e\`.\`id\`, \`e\`.\`created_at\` as \`k\` from \`enrollments\` as \`e\` where \`e\`.\`company_id\` = ? order by \`e\`.\`created_at\` desc, \`e\`.\`id\` desc limit ?) as \`b${i}\``,
    );
    const [courses, counted, merged] = await Promise.all([
      db.all(
        `select \`c\`.\`id\`, \`c\`.\`name\` from \`courses\` as \`c\` where (select 1 from \`enrollments\` as \`e\` where e.course_id = c.id and \`e\`.\`company_id\` in (${inCompanies}) limit ?) = 1 order by \`c\`.\`name\` asc, \`c\`.\`id\` asc`,
        [...companyIds, 1],
      ),
      db.dialect === 'mysql'
        ? db.all(
            `select \`e\`.\`company_id\`, count(*) as \`n\` from \`enrollments\` as \`e\` where \`e\`.\`company_id\` in (${inCompanies}) group by \`e\`.\`company_id\``,
            companyIds,
          )
        : db.all(
            companyIds
              .map(() => 'select ? as company_id, count(*) as `n` from `enrollments` as `e` where `e`.`company_id` = ?')
              .join(' union all '),
            companyIds.flatMap((id) => [id, id]),
          ),
      db.all(`select \`m\`.\`id\` from (${branches.join(' union all ')}) as \`m\` order by \`m\`.\`k\` desc, \`m\`.\`id\` desc limit ?`, [
        ...companyIds.flatMap((id) => [id, perPage]),
        perPage,
      ]),
    ]);
    const total = counted.reduce((sum, r) => sum + Number(r.n), 0);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const pageIds = merged.map((r) => Number(r.id));
    const rows = pageIds.length
      ? await db.all(
          'select `e`.`id`, `e`.`user_id`, `u`.`name` as `learner_name`, `u`.`email`, `u`.`login_code`, `e`.`company_id`, `co`.`name` as `company_name`, `e`.`course_id`, `c`.`name` as `course_name`, `e`.`status`, `e`.`created_at`, `e`.`updated_at`, `e`.`passed_at`, `e`.`expires_at`, `e`.`certificate_code`, `e`.`last_reminded_at`, (select min(`n`.`created_at`) from `enrollments` as `n` where n.user_id = e.user_id and n.course_id = e.course_id and n.id > e.id) as `renewed_at` from `enrollments` as `e` left join `users` as `u` on `u`.`id` = `e`.`user_id` left join `courses` as `c` on `c`.`id` = `e`.`course_id` left join `companies` as `co` on `co`.`id` = `e`.`company_id` ' +
            `where \`e\`.\`id\` in (${list(pageIds.length)})`,
          pageIds,
        )
      : [];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const data = pageIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const status = (REPORTING_STATUSES as readonly string[]).includes(String(r.status)) ? String(r.status) : 'not_started';
      const expiresAt = isoOf(r.expires_at);
      const expires = expiresAt ? Date.parse(expiresAt) : null;
      const due = expires !== null && expires - now <= RENEWAL_THRESHOLD_DAYS * DAY_MS;
      const companyId = Number(r.company_id);
      const reEnrolledAt = isoOf(r.renewed_at);
      return [
        {
          id,
          user_id: Number(r.user_id),
          learner_name: r.learner_name ?? 'Deleted',
          email: r.email ?? null,
          login_code: r.login_code ?? null,
          company_id: companyId,
          depot: companyId === actingCompanyId ? null : (r.company_name ?? 'Deleted'),
          course_id: Number(r.course_id),
          course_name: r.course_name ?? 'Deleted',
          status,
          enrolled_at: isoOf(r.created_at),
          last_activity_at: status === 'not_started' ? null : isoOf(r.updated_at),
          passed_at: isoOf(r.passed_at),
          expires_at: expiresAt,
          expiry_due: due,
          certificate_code: r.certificate_code ?? null,
          last_reminded_at: isoOf(r.last_reminded_at),
          re_enrolled_at: reEnrolledAt,
          actions: {
            edit: status === 'not_started',
            remind: status === 'not_started',
            delete: status === 'not_started',
            view_certificate: status === 'passed' && (expires === null || expires > now),
            re_enrol: status === 'passed' && due && reEnrolledAt === null,
          },
        },
      ];
    });
    const from = data.length ? 1 : null;
    return c.json({
      filters: {
        search: null,
        status: null,
        user: null,
        courses: [],
        start_date: null,
        end_date: null,
        depot: null,
        order_by: 'enrolled',
        order_dir: 'desc',
        per_page: perPage,
        page: 1,
      },
      courses: courses.map((r) => ({ id: Number(r.id), name: r.name })),
      users: [],
      statuses: REPORTING_STATUSES.map((id) => ({ id, name: REPORTING_STATUS_LABELS[id] })),
      depots: companies.filter((r) => Number(r.id) !== actingCompanyId).map((r) => ({ id: Number(r.id), name: r.name })),
      company_total: total,
      results: {
        data,
        meta: {
          current_page: 1,
          last_page: lastPage,
          per_page: perPage,
          from,
          to: from === null ? null : data.length,
          total,
          links: { prev: null, next: lastPage > 1 ? pageLink(c.req.url, 2) : null },
        },
      },
    });
  });

  // The floor under both: Hono answering fixed JSON, no SQL.
  app.get('/bare', (c) => c.json({ credit_balance: 40 }));
  scormCommitTwin(app, db);
  return app;
}
