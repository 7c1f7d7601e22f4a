import { Hono } from 'hono';
import { HELP_EMAIL, RENEWAL_THRESHOLD_DAYS, REPORTING_STATUS_LABELS, REPORTING_STATUSES, SESSION_COOKIE, XSRF_COOKIE } from '@portal/contracts';
import { pageLink, xsrfTokenFor } from '@portal/service-kit';

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

export type Row = Record<string, unknown>;

/** The routes issue 14 item 4 measures, each against its bare twin below, and who calls them. */
export const MEASURED_ROUTES = [
  { name: 'learner dashboard (GET /api/learner/dashboard)', path: '/api/learner/dashboard', as: 'learner' },
  { name: '/reporting, 25 rows (GET /api/reporting/enrolments?per_page=25)', path: '/api/reporting/enrolments?per_page=25', as: 'manager' },
] as const;

/** The cookies a signed-in browser sends: the session and its XSRF token (without the latter every answer would set it again). */
export function sessionCookies(token: string): string {
  return `${SESSION_COOKIE}=${token}; ${XSRF_COOKIE}=${xsrfTokenFor(token)}`;
}

/** One raw connection (SQLite) or pool (MySQL), recording the statements it runs while asked to. */
export interface BareDatabase {
  /** Which SQL the route writes for this database where the two differ (the count per company). */
  dialect: 'sqlite' | 'mysql';
  all(sql: string, params: unknown[]): Row[] | Promise<Row[]>;
  /** Statements on one connection in one transaction (SQLite: one after another, as the ORM's one connection). */
  transaction<T>(work: (tx: BareTransaction) => Promise<T>): Promise<T>;
  /** Statements run since `record()`, or null when not recording. */
  recorded: string[] | null;
  record(): void;
  close(): Promise<void>;
}

export interface BareTransaction {
  all(sql: string, params: unknown[]): Row[] | Promise<Row[]>;
  run(sql: string, params: unknown[]): unknown;
}

interface SqliteDriver {
  new (file: string): { prepare(sql: string): { all(params: unknown[]): Row[]; run(params: unknown[]): unknown }; exec(sql: string): void; close(): void };
}
interface MysqlPromiseConnection {
  query(sql: string, params?: unknown[]): Promise<[unknown, unknown]>;
  beginTransaction(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  release(): void;
}
interface Mysql2Driver {
  createPool(options: Record<string, unknown>): {
    promise(): { query(sql: string, params: unknown[]): Promise<[unknown, unknown]>; getConnection(): Promise<MysqlPromiseConnection>; end(): Promise<void> };
  };
}

/** SQLite through libsql (better-sqlite3's API): one connection, each statement prepared once. */
export function sqliteBareDatabase(Driver: SqliteDriver, file: string): BareDatabase {
  const db = new Driver(file);
  // The portal's connection pragmas (kit sqlite.ts), and the same wait for the other connection's write lock.
  for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000']) db.exec(`pragma ${pragma}`);
  const statements = new Map<string, { all(params: unknown[]): Row[]; run(params: unknown[]): unknown }>();
  const prepared = (sql: string) => {
    bare.recorded?.push(sql);
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  // One connection: a transaction waits for the one before it (knex's pool of one does the same for the ORM).
  let queue: Promise<unknown> = Promise.resolve();
  const tx: BareTransaction = { all: (sql, params) => prepared(sql).all(params), run: (sql, params) => prepared(sql).run(params) };
  const bare: BareDatabase = {
    dialect: 'sqlite',
    recorded: null,
    record: () => void (bare.recorded = []),
    // libsql binds booleans and dates as better-sqlite3 does through knex: as numbers.
    all: (sql, params) => prepared(sql).all(params),
    transaction<T>(work: (t: BareTransaction) => Promise<T>) {
      const next = queue.then(async () => {
        db.exec('begin');
        try {
          const result = await work(tx);
          db.exec('commit');
          return result;
        } catch (error) {
          db.exec('rollback');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => db.close(),
  };
  return bare;
}

/** MySQL/MariaDB through mysql2's pool, with the options MikroORM gives its own (UTC, date strings, big numbers). */
export function mysqlBareDatabase(mysql2: Mysql2Driver, url: string): BareDatabase {
  const pool = mysql2.createPool({ uri: url, connectionLimit: 10, timezone: 'Z', supportBigNumbers: true, dateStrings: true }).promise();
  const bare: BareDatabase = {
    dialect: 'mysql',
    recorded: null,
    record: () => void (bare.recorded = []),
    async all(sql, params) {
      bare.recorded?.push(sql);
      const [rows] = await pool.query(sql, params);
      return rows as Row[];
    },
    async transaction(work) {
      const connection = await pool.getConnection();
      const run = async (sql: string, params: unknown[]) => {
        bare.recorded?.push(sql);
        return (await connection.query(sql, params))[0];
      };
      try {
        await connection.beginTransaction();
        const result = await work({ all: (sql, params) => run(sql, params) as Promise<Row[]>, run });
        await connection.commit();
        return result;
      } catch (error) {
        await connection.rollback();
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
  return bare;
}

/** A date column as the driver answers it (SQLite: epoch ms; MySQL: 'YYYY-MM-DD HH:MM:SS' in UTC), as ISO text. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`).toISOString();
}

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
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
    const enrollments = await db.all(
      'select `id`, `course_id`, `status`, `certificate_code`, `passed_at`, `expires_at` from `enrollments` where `user_id` = ? order by `created_at` desc, `id` desc',
      [callers.learnerId],
    );
    const courseIds = [...new Set(enrollments.map((e) => Number(e.course_id)))];
    const ids = enrollments.map((e) => Number(e.id));
    const courses = courseIds.length
      ? await db.all(
          `select \`id\`, \`name\`, \`description\`, \`wp_link\`, \`company_id\`, \`credit_cost\`, \`validity_period\`, \`has_bridging\` from \`courses\` where \`id\` in (${list(courseIds.length)})`,
          courseIds,
        )
      : [];
    const [user] = await db.all('select `id`, `name`, `email`, `company_id`, `role`, `wp_user`, `anonymised_at` from `users` where `id` in (?)', [callers.learnerId]);
    const states = ids.length
      ? await db.all(`select \`enrollment_id\`, \`progress_measure\` from \`scorm_sco_states\` where \`enrollment_id\` in (${list(ids.length)}) and \`progress_measure\` is not null`, ids)
      : [];
    const measures = new Map<number, number[]>();
    for (const s of states) {
      const measure = Number(s.progress_measure);
      if (String(s.progress_measure).trim() !== '' && Number.isFinite(measure)) measures.set(Number(s.enrollment_id), [...(measures.get(Number(s.enrollment_id)) ?? []), Math.min(1, Math.max(0, measure))]);
    }
    const courseById = new Map(courses.map((course) => [Number(course.id), course]));
    return c.json({
      learner_name: user?.name,
      help_email: HELP_EMAIL,
      is_purchased_account: Boolean(Number(user?.wp_user ?? 0)),
      enrollments: enrollments.map((e) => {
        const course = courseById.get(Number(e.course_id));
        const expiresAt = isoOf(e.expires_at);
        const state =
          e.status === 'passed' ? (expiresAt && Date.parse(expiresAt) <= now ? 'expired' : 'passed') : e.status === 'in_progress' ? 'in-progress' : e.status === 'failed' ? 'failed' : 'not-started';
        const progress = measures.get(Number(e.id));
        return {
          id: Number(e.id),
          course: { id: Number(e.course_id), name: course?.name ?? 'Course no longer available', description: course?.description ?? '', wp_link: course?.wp_link ?? null },
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
    const companyRows = await db.all('select `id`, `name`, `parent_id` from `companies` where `id` = ? or `parent_id` = ? order by `name` asc, `id` asc', [actingCompanyId, actingCompanyId]);
    const companies = [...companyRows.filter((r) => Number(r.id) === actingCompanyId), ...companyRows.filter((r) => Number(r.id) !== actingCompanyId)];
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
        ? db.all(`select \`e\`.\`company_id\`, count(*) as \`n\` from \`enrollments\` as \`e\` where \`e\`.\`company_id\` in (${inCompanies}) group by \`e\`.\`company_id\``, companyIds)
        : db.all(companyIds.map(() => 'select ? as company_id, count(*) as `n` from `enrollments` as `e` where `e`.`company_id` = ?').join(' union all '), companyIds.flatMap((id) => [id, id])),
      db.all(`select \`m\`.\`id\` from (${branches.join(' union all ')}) as \`m\` order by \`m\`.\`k\` desc, \`m\`.\`id\` desc limit ?`, [...companyIds.flatMap((id) => [id, perPage]), perPage]),
    ]);
    const total = counted.reduce((sum, r) => sum + Number(r.n), 0);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const pageIds = merged.map((r) => Number(r.id));
    const rows = pageIds.length
      ? await db.all(
          'select `e`.`id`, `e`.`user_id`, `u`.`name` as `learner_name`, `u`.`email`, `u`.`login_code`, `e`.`company_id`, `co`.`name` as `company_name`, `e`.`course_id`, `c`.`name` as `course_name`, `e`.`status`, `e`.`created_at`, `e`.`updated_at`, `e`.`passed_at`, `e`.`expires_at`, `e`.`certificate_code`, `e`.`last_reminded_at` from `enrollments` as `e` left join `users` as `u` on `u`.`id` = `e`.`user_id` left join `courses` as `c` on `c`.`id` = `e`.`course_id` left join `companies` as `co` on `co`.`id` = `e`.`company_id` ' +
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
          actions: {
            edit: status === 'not_started',
            remind: status === 'not_started',
            delete: status === 'not_started',
            view_certificate: status === 'passed' && (expires === null || expires > now),
            re_enrol: status === 'passed' && due,
          },
        },
      ];
    });
    const from = data.length ? 1 : null;
    return c.json({
      filters: { search: null, status: null, user: null, courses: [], start_date: null, end_date: null, depot: null, order_by: 'enrolled', order_dir: 'desc', per_page: perPage, page: 1 },
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

/** The demo's SCORM 2004 course (catalogue's DEMO_COURSE_IDS.fireSafety): the SCORM part's learners are enrolled on it. */
export const SCORM_BENCH_COURSE = 2;

const wrap = (name: string) => `\`${name}\``;
const columnList = (columns: string[]) => columns.map(wrap).join(', ');
/** An insert as knex writes it (columns in name order; several rows as MySQL's VALUES or SQLite's SELECT … UNION ALL), optionally an upsert. */
function insertSql(dialect: BareDatabase['dialect'], table: string, columns: string[], rows: number, upsert?: { keys: string[]; merge: string[] }): string {
  const sorted = [...columns].sort();
  let sql: string;
  if (dialect === 'mysql' || rows === 1) sql = `insert into ${wrap(table)} (${columnList(sorted)}) values ${Array.from({ length: rows }, () => `(${list(sorted.length)})`).join(', ')}`;
  else sql = `insert into ${wrap(table)} (${columnList(sorted)}) ${Array.from({ length: rows }, () => `select ${sorted.map((c) => `? as ${wrap(c)}`).join(', ')}`).join(' union all ')} where true`;
  if (!upsert) return sql;
  return dialect === 'mysql'
    ? `${sql} on duplicate key update ${upsert.merge.map((c) => `${wrap(c)} = values(${wrap(c)})`).join(', ')}`
    : `${sql} on conflict (${columnList(upsert.keys)}) do update set ${upsert.merge.map((c) => `${wrap(c)} = excluded.${wrap(c)}`).join(', ')}`;
}
const ordered = (row: Record<string, unknown>) => Object.keys(row).sort().map((key) => row[key]);

const LOG_COLUMNS = ['user_id', 'enrollment_id', 'attempt_id', 'sco_identifier', 'seq', 'is_final', 'slide_location', 'lesson_status', 'session_time', 'session_seconds', 'score_raw', 'score_min', 'score_max', 'total_time', 'suspend_data', 'exit', 'created_at'];
const STATE_COLUMNS = ['attempt_id', 'seq', 'progress', 'lesson_status', 'completion_status', 'success_status', 'location', 'suspend_data', 'score_raw', 'score_min', 'score_max', 'score_scaled', 'total_time', 'total_seconds', 'exit', 'progress_measure', 'updated_at'];
const OBJECTIVE_MERGE = ['position', 'success_status', 'completion_status', 'score_raw', 'score_min', 'score_max', 'score_scaled', 'progress_measure', 'updated_at'];
const INTERACTION_MERGE = ['interaction_id', 'type', 'description', 'learner_response', 'correct_responses', 'result', 'weighting', 'latency', 'timestamp', 'updated_at'];
const COMMITS_PER_MINUTE = 60;

type Score = { raw?: string; min?: string; max?: string; scaled?: string };
/** The parts of a SCORM 2004 commit (as bench/scorm.ts sends it) the twin's statements take. */
interface CommitCmi {
  location?: string;
  completion_status?: string;
  success_status?: string;
  progress_measure?: string;
  score?: Score;
  session_time?: string;
  total_time?: string;
  exit?: string;
  suspend_data?: string;
  objectives?: Record<string, { id?: string; success_status?: string; completion_status?: string; score?: Score; progress_measure?: string }>;
  interactions?: Record<string, { id?: string; type?: string; description?: string; learner_response?: string; weighting?: string; result?: string; latency?: string; timestamp?: string }>;
}

/**
 * POST /api/learn/attempts/{attemptId}/commit (enrolment service: store-commit.ts) for the SCORM
 * part (bench/scorm.ts): the commit's statements, in order, through the raw driver, for the steady
 * commit the bench sends (a SCORM 2004 SCO whose state exists, the enrolment in progress, its last
 * activity moved when a minute old). No session, no launch token check, no validation: the body is
 * read for the values the statements need.
 */
function scormCommitTwin(app: Hono, db: BareDatabase) {
  const mysql = db.dialect === 'mysql';
  const date = (ms: number) => (mysql ? new Date(ms).toISOString().replace('T', ' ').replace('Z', '') : ms);
  const dateMs = (value: unknown) => (value === null || value === undefined ? null : Date.parse(isoOf(value)!));
  app.post('/api/learn/attempts/:attemptId/commit', async (c) => {
    const now = Date.now();
    const attemptId = Number(c.req.param('attemptId'));
    const scoId = c.req.query('sco')!;
    const { seq, cmi } = (await c.req.json()) as { seq: number; cmi: CommitCmi };
    const bucket = `scorm-commit:${attemptId}`;
    // The launch with the attempt's commit-limit rows, a row per limit row (store-commit.ts launchOf).
    const rows = await db.all(
      'select `a`.`user_id`, `a`.`token_hash`, `a`.`enrollment_id`, `e`.`user_id` as `enrollment_user_id`, `e`.`course_id`, `e`.`company_id`, `l`.`id` as `limit_row_id`, `l`.`created_at` as `limit_row_at` from `scorm_attempts` as `a` inner join `enrollments` as `e` on `e`.`id` = `a`.`enrollment_id` left join (select `id`, `created_at` from `auth_attempts` where `bucket` = ? order by `created_at` desc limit ?) as `l` on 1 = 1 where `a`.`id` = ? order by `l`.`created_at` desc',
      [bucket, COMMITS_PER_MINUTE + 20, attemptId],
    );
    const launch = rows[0];
    if (!launch) return c.json({ message: 'not found' }, 404);
    const recent = launch.limit_row_id === null ? [] : rows.map((r) => ({ id: r.limit_row_id, created_at: r.limit_row_at }));
    const windowStart = now - 60_000;
    const stale = recent.filter((r) => dateMs(r.created_at)! <= windowStart).map((r) => Number(r.id));
    if (recent.length - stale.length >= COMMITS_PER_MINUTE) return c.json({ message: 'too many' }, 429);
    const [course] = await db.all('select `id`, `name`, `package_path`, `launch_path`, `scorm_version`, `pass_mark`, `manifest` from `courses` where `id` = ?', [launch.course_id]);
    const manifest = (typeof course!.manifest === 'string' ? JSON.parse(course!.manifest) : course!.manifest) as { scos: { identifier: string }[] };
    if (!manifest.scos.some((s) => s.identifier === scoId)) return c.json({ message: 'no such SCO' }, 422);
    const at = date(now);
    const objectives = Object.entries(cmi.objectives ?? {});
    const interactions = Object.entries(cmi.interactions ?? {});
    await db.transaction(async (tx) => {
      const [head] = await tx.all(
        `select \`a\`.\`user_id\`, \`a\`.\`last_seq\`, \`a\`.\`finished_at\`, \`a\`.\`enrollment_id\`, \`e\`.\`user_id\` as \`enrollment_user_id\`, \`e\`.\`status\`, \`e\`.\`score\`, \`e\`.\`started_at\`, \`e\`.\`updated_at\` from \`scorm_attempts\` as \`a\` inner join \`enrollments\` as \`e\` on \`e\`.\`id\` = \`a\`.\`enrollment_id\` where \`a\`.\`id\` = ?${mysql ? ' for update' : ''}`,
        [attemptId],
      );
      const states = await tx.all(
        'select `id`, `sco_identifier`, `attempt_id`, `seq`, `progress`, `score_raw`, `score_min`, `score_max`, `score_scaled`, `total_seconds` from `scorm_sco_states` where `enrollment_id` = ?',
        [head!.enrollment_id],
      );
      if (stale.length >= 10) await tx.run(`delete from \`auth_attempts\` where \`id\` in (${list(stale.length)})`, stale);
      await tx.run(insertSql(db.dialect, 'auth_attempts', ['bucket', 'created_at'], 1), [bucket, at]);
      const state = states.find((r) => r.sco_identifier === scoId);
      if (state && Number(state.attempt_id) === attemptId && seq <= Number(state.seq)) return;
      const enrollmentId = Number(head!.enrollment_id);
      const text = (v: unknown, max?: number) => (v === undefined || v === null || v === '' ? null : max ? String(v).slice(0, max) : String(v));
      const log = {
        user_id: launch.user_id, enrollment_id: enrollmentId, attempt_id: attemptId, sco_identifier: scoId, seq, is_final: 0, slide_location: text(cmi.location),
        lesson_status: text(cmi.success_status && cmi.success_status !== 'unknown' ? cmi.success_status : cmi.completion_status), session_time: text(cmi.session_time, 64), session_seconds: null,
        score_raw: text(cmi.score?.raw, 32), score_min: text(cmi.score?.min, 32), score_max: text(cmi.score?.max, 32), total_time: text(cmi.total_time, 64), suspend_data: text(cmi.suspend_data), exit: text(cmi.exit, 32), created_at: at,
      };
      await tx.run(insertSql(db.dialect, 'scorm_logs', LOG_COLUMNS, 1), ordered(log));
      const fields = [
        attemptId, seq, 'incomplete', null, text(cmi.completion_status, 32), text(cmi.success_status, 32), text(cmi.location), text(cmi.suspend_data),
        text(cmi.score?.raw, 32), text(cmi.score?.min, 32), text(cmi.score?.max, 32), text(cmi.score?.scaled, 32), text(cmi.total_time, 64), Number(state?.total_seconds ?? 0), text(cmi.exit, 32), text(cmi.progress_measure, 32), at,
      ];
      if (state) await tx.run(`update \`scorm_sco_states\` set ${STATE_COLUMNS.map((col) => `${wrap(col)} = ?`).join(', ')} where \`id\` = ?`, [...fields, state.id]);
      else {
        const row = Object.fromEntries([['enrollment_id', enrollmentId], ['sco_identifier', scoId], ...STATE_COLUMNS.map((col, i) => [col, fields[i]])]);
        await tx.run(insertSql(db.dialect, 'scorm_sco_states', Object.keys(row), 1), ordered(row));
      }
      if (objectives.length) {
        const values = objectives.flatMap(([position, o]) =>
          ordered({
            enrollment_id: enrollmentId, attempt_id: attemptId, sco_identifier: scoId, objective_id: text(o.id, 191), position: Number(position), success_status: text(o.success_status, 32), completion_status: text(o.completion_status, 32),
            score_raw: text(o.score?.raw, 32), score_min: text(o.score?.min, 32), score_max: text(o.score?.max, 32), score_scaled: text(o.score?.scaled, 32), progress_measure: text(o.progress_measure, 32), updated_at: at,
          }),
        );
        await tx.run(insertSql(db.dialect, 'scorm_objectives', ['enrollment_id', 'attempt_id', 'sco_identifier', 'objective_id', ...OBJECTIVE_MERGE], objectives.length, { keys: ['attempt_id', 'sco_identifier', 'objective_id'], merge: OBJECTIVE_MERGE }), values);
      }
      if (interactions.length) {
        const values = interactions.flatMap(([position, i]) =>
          ordered({
            enrollment_id: enrollmentId, attempt_id: attemptId, sco_identifier: scoId, position: Number(position), interaction_id: text(i.id, 191), type: text(i.type, 32),
            description: text(i.description), learner_response: text(i.learner_response), correct_responses: null, result: text(i.result, 32), weighting: text(i.weighting, 32), latency: text(i.latency, 64), timestamp: text(i.timestamp, 64), recorded_at: at, updated_at: at,
          }),
        );
        await tx.run(insertSql(db.dialect, 'scorm_interactions', ['enrollment_id', 'attempt_id', 'sco_identifier', 'position', 'recorded_at', ...INTERACTION_MERGE], interactions.length, { keys: ['attempt_id', 'sco_identifier', 'position'], merge: INTERACTION_MERGE }), values);
      }
      await tx.run('update `scorm_attempts` set `last_seq` = ?, `last_commit_at` = ?, `finished_at` = ? where `id` = ?', [Math.max(Number(head!.last_seq), seq), at, head!.finished_at, attemptId]);
      if (head!.status === 'not_started' || now - (dateMs(head!.updated_at) ?? 0) >= 60_000) {
        await tx.run('update `enrollments` set `status` = ?, `score` = ?, `started_at` = ?, `updated_at` = ? where `id` = ?', ['in_progress', head!.score, head!.started_at ?? at, at, enrollmentId]);
      }
    });
    return c.json({ result: true, errorCode: 0 });
  });
}

/**
 * A statement's shape, for comparing the route's statements with the bare route's: the ORM writes
 * values into its SQL, the bare routes bind them, so literals and `?` become one placeholder and a
 * list of them one.
 */
export function sqlShape(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w`])-?\d+(?:\.\d+)?(?![\w`])/g, '?')
    .replace(/\(\s*\?(?:\s*,\s*\?)*\s*\)/g, '(?)')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
