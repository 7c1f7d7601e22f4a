import type { Hono } from 'hono';
import { isoOf, list, type BareDatabase } from './bare-database';

/** The demo's SCORM 2004 course (catalogue's DEMO_COURSE_IDS.fireSafety): the SCORM part's learners are enrolled on it. */
export const SCORM_BENCH_COURSE = 2;

const wrap = (name: string) => `\`${name}\``;
const columnList = (columns: string[]) => columns.map(wrap).join(', ');
/** An insert as knex writes it (columns in name order; several rows as MySQL's VALUES or SQLite's SELECT … UNION ALL), optionally an upsert. */
function insertSql(
  dialect: BareDatabase['dialect'],
  table: string,
  columns: string[],
  rows: number,
  upsert?: { keys: string[]; merge: string[] },
): string {
  const sorted = [...columns].sort();
  let sql: string;
  if (dialect === 'mysql' || rows === 1)
    sql = `insert into ${wrap(table)} (${columnList(sorted)}) values ${Array.from({ length: rows }, () => `(${list(sorted.length)})`).join(', ')}`;
  else
    sql = `insert into ${wrap(table)} (${columnList(sorted)}) ${Array.from({ length: rows }, () => `select ${sorted.map((c) => `? as ${wrap(c)}`).join(', ')}`).join(' union all ')} where true`;
  if (!upsert) return sql;
  return dialect === 'mysql'
    ? `${sql} on duplicate key update ${upsert.merge.map((c) => `${wrap(c)} = values(${wrap(c)})`).join(', ')}`
    : `${sql} on conflict (${columnList(upsert.keys)}) do update set ${upsert.merge.map((c) => `${wrap(c)} = excluded.${wrap(c)}`).join(', ')}`;
}
const ordered = (row: Record<string, unknown>) =>
  Object.keys(row)
    .sort()
    .map((key) => row[key]);

const LOG_COLUMNS = [
  'user_id',
  'enrollment_id',
  'attempt_id',
  'sco_identifier',
  'seq',
  'is_final',
  'slide_location',
  'lesson_status',
  'session_time',
  'session_seconds',
  'score_raw',
  'score_min',
  'score_max',
  'total_time',
  'suspend_data',
  'exit',
  'created_at',
];
const STATE_COLUMNS = [
  'attempt_id',
  'seq',
  'progress',
  'lesson_status',
  'completion_status',
  'success_status',
  'location',
  'suspend_data',
  'score_raw',
  'score_min',
  'score_max',
  'score_scaled',
  'total_time',
  'total_seconds',
  'exit',
  'progress_measure',
  'updated_at',
];
const OBJECTIVE_MERGE = [
  'position',
  'success_status',
  'completion_status',
  'score_raw',
  'score_min',
  'score_max',
  'score_scaled',
  'progress_measure',
  'updated_at',
];
const INTERACTION_MERGE = [
  'interaction_id',
  'type',
  'description',
  'learner_response',
  'correct_responses',
  'result',
  'weighting',
  'latency',
  'timestamp',
  'updated_at',
];
// As SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE: the twin reads as many limit rows as the route.
const COMMITS_PER_MINUTE = 120;

type Score = { raw?: string; min?: string; max?: string; scaled?: string };
/** The parts of a SCORM 2004 commit (as scorm-client.ts sends it) the twin's statements take. */
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
  objectives?: Record<
    string,
    { id?: string; success_status?: string; completion_status?: string; score?: Score; progress_measure?: string }
  >;
  interactions?: Record<
    string,
    {
      id?: string;
      type?: string;
      description?: string;
      learner_response?: string;
      weighting?: string;
      result?: string;
      latency?: string;
      timestamp?: string;
    }
  >;
}

/**
 * POST /api/learn/attempts/{attemptId}/commit (enrolment service: store-commit.ts) for the SCORM
 * part (scorm.ts): the commit's statements, in order, through the raw driver, for the steady
 * commit the bench sends (a SCORM 2004 SCO whose state exists, the enrolment in progress, its last
 * activity moved when a minute old). No session, no launch token check, no validation: the body is
 * read for the values the statements need.
 */
export function scormCommitTwin(app: Hono, db: BareDatabase) {
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
    const [course] = await db.all(
      'select `id`, `name`, `package_path`, `launch_path`, `scorm_version`, `pass_mark`, `manifest` from `courses` where `id` = ?',
      [launch.course_id],
    );
    const manifest = (typeof course!.manifest === 'string' ? JSON.parse(course!.manifest) : course!.manifest) as {
      scos: { identifier: string }[];
    };
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
      const enrolmentId = Number(head!.enrollment_id);
      const text = (v: unknown, max?: number) =>
        v === undefined || v === null || v === '' ? null : max ? String(v).slice(0, max) : String(v);
      const log = {
        user_id: launch.user_id,
        enrollment_id: enrolmentId,
        attempt_id: attemptId,
        sco_identifier: scoId,
        seq,
        is_final: 0,
        slide_location: text(cmi.location),
        lesson_status: text(cmi.success_status && cmi.success_status !== 'unknown' ? cmi.success_status : cmi.completion_status),
        session_time: text(cmi.session_time, 64),
        session_seconds: null,
        score_raw: text(cmi.score?.raw, 32),
        score_min: text(cmi.score?.min, 32),
        score_max: text(cmi.score?.max, 32),
        total_time: text(cmi.total_time, 64),
        suspend_data: text(cmi.suspend_data),
        exit: text(cmi.exit, 32),
        created_at: at,
      };
      await tx.run(insertSql(db.dialect, 'scorm_logs', LOG_COLUMNS, 1), ordered(log));
      const fields = [
        attemptId,
        seq,
        'incomplete',
        null,
        text(cmi.completion_status, 32),
        text(cmi.success_status, 32),
        text(cmi.location),
        text(cmi.suspend_data),
        text(cmi.score?.raw, 32),
        text(cmi.score?.min, 32),
        text(cmi.score?.max, 32),
        text(cmi.score?.scaled, 32),
        text(cmi.total_time, 64),
        Number(state?.total_seconds ?? 0),
        text(cmi.exit, 32),
        text(cmi.progress_measure, 32),
        at,
      ];
      if (state)
        await tx.run(`update \`scorm_sco_states\` set ${STATE_COLUMNS.map((col) => `${wrap(col)} = ?`).join(', ')} where \`id\` = ?`, [
          ...fields,
          state.id,
        ]);
      else {
        const row = Object.fromEntries([
          ['enrollment_id', enrolmentId],
          ['sco_identifier', scoId],
          ...STATE_COLUMNS.map((col, i) => [col, fields[i]]),
        ]);
        await tx.run(insertSql(db.dialect, 'scorm_sco_states', Object.keys(row), 1), ordered(row));
      }
      if (objectives.length) {
        const values = objectives.flatMap(([position, o]) =>
          ordered({
            enrollment_id: enrolmentId,
            attempt_id: attemptId,
            sco_identifier: scoId,
            objective_id: text(o.id, 191),
            position: Number(position),
            success_status: text(o.success_status, 32),
            completion_status: text(o.completion_status, 32),
            score_raw: text(o.score?.raw, 32),
            score_min: text(o.score?.min, 32),
            score_max: text(o.score?.max, 32),
            score_scaled: text(o.score?.scaled, 32),
            progress_measure: text(o.progress_measure, 32),
            updated_at: at,
          }),
        );
        await tx.run(
          insertSql(
            db.dialect,
            'scorm_objectives',
            ['enrollment_id', 'attempt_id', 'sco_identifier', 'objective_id', ...OBJECTIVE_MERGE],
            objectives.length,
            { keys: ['attempt_id', 'sco_identifier', 'objective_id'], merge: OBJECTIVE_MERGE },
          ),
          values,
        );
      }
      if (interactions.length) {
        const values = interactions.flatMap(([position, i]) =>
          ordered({
            enrollment_id: enrolmentId,
            attempt_id: attemptId,
            sco_identifier: scoId,
            position: Number(position),
            interaction_id: text(i.id, 191),
            type: text(i.type, 32),
            description: text(i.description),
            learner_response: text(i.learner_response),
            correct_responses: null,
            result: text(i.result, 32),
            weighting: text(i.weighting, 32),
            latency: text(i.latency, 64),
            timestamp: text(i.timestamp, 64),
            recorded_at: at,
            updated_at: at,
          }),
        );
        await tx.run(
          insertSql(
            db.dialect,
            'scorm_interactions',
            ['enrollment_id', 'attempt_id', 'sco_identifier', 'position', 'recorded_at', ...INTERACTION_MERGE],
            interactions.length,
            { keys: ['attempt_id', 'sco_identifier', 'position'], merge: INTERACTION_MERGE },
          ),
          values,
        );
      }
      await tx.run('update `scorm_attempts` set `last_seq` = ?, `last_commit_at` = ?, `finished_at` = ? where `id` = ?', [
        Math.max(Number(head!.last_seq), seq),
        at,
        head!.finished_at,
        attemptId,
      ]);
      if (head!.status === 'not_started' || now - (dateMs(head!.updated_at) ?? 0) >= 60_000) {
        await tx.run('update `enrollments` set `status` = ?, `score` = ?, `started_at` = ?, `updated_at` = ? where `id` = ?', [
          'in_progress',
          head!.score,
          head!.started_at ?? at,
          at,
          enrolmentId,
        ]);
      }
    });
    return c.json({ result: true, errorCode: 0 });
  });
}
