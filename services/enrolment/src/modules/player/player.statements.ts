import { lockedForUpdate, newestAttemptsQuery, preparedRead, preparedWrite } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

// The player's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).
// The commit's (docs/benchmarks.md "SCORM commits"): built once per shape, run on the driver without
// entities, the transaction on one connection (kit directTransaction). The enrolment is this
// service's own table; a commit that may pass the course takes the entity manager's transaction
// (the certificate is issued through entities), which is rare: the same statements run on it.

export interface LaunchRow {
  user_id: number;
  token_hash: string;
  enrollment_id: number;
  enrollment_user_id: number;
  course_id: number;
  company_id: number;
  /** One of the commit limit's newest counted attempts (kit newestAttemptsQuery), or null when it has none. */
  limit_row_id: number | null;
  limit_row_at: unknown;
}

/**
 * The caller's launch as it stands before the transaction (attempt, token and enrolment) with the
 * attempt's commit-limit rows: one read, a row per limit row, the launch repeated on each.
 */
export const launchOf = preparedRead<LaunchRow, [attemptId: number, bucket: string, count: number]>((knex, attemptId, bucket, count) =>
  knex('scorm_attempts as a')
    .join('enrollments as e', 'e.id', 'a.enrollment_id')
    .leftJoin(newestAttemptsQuery(knex, bucket, count).as('l'), (on) => on.on(knex.raw('1 = 1')))
    .select('a.user_id', 'a.token_hash', 'a.enrollment_id', { enrollment_user_id: 'e.user_id' }, 'e.course_id', 'e.company_id', {
      limit_row_id: 'l.id',
      limit_row_at: 'l.created_at',
    })
    .where('a.id', attemptId)
    .orderBy('l.created_at', 'desc'),
);

export interface LockedRow {
  user_id: number;
  last_seq: number;
  finished_at: unknown;
  enrollment_id: number;
  enrollment_user_id: number;
  status: EnrolmentStatus;
  score: number | null;
  started_at: unknown;
  updated_at: unknown;
}

export interface StateRow {
  id: number;
  sco_identifier: string;
  attempt_id: number;
  seq: number;
  progress: string;
  score_raw: string | null;
  score_min: string | null;
  score_max: string | null;
  score_scaled: string | null;
  total_seconds: number | null;
}

/**
 * Inside the transaction: the attempt and its enrolment, under row locks on MySQL (by primary key:
 * no gap locks), so commits of one enrolment queue. SQLite's one writer needs no lock.
 */
export const lockedLaunch = preparedRead<LockedRow, [attemptId: number]>((knex, attemptId) => {
  const query = knex('scorm_attempts as a')
    .join('enrollments as e', 'e.id', 'a.enrollment_id')
    .select(
      'a.user_id',
      'a.last_seq',
      'a.finished_at',
      'a.enrollment_id',
      { enrollment_user_id: 'e.user_id' },
      'e.status',
      'e.score',
      'e.started_at',
      'e.updated_at',
    )
    .where('a.id', attemptId);
  return lockedForUpdate(knex, query);
});

/**
 * The enrolment's SCO states, read after its lock is held, without a lock of their own: a locking
 * read of a SCO state not yet there would lock the index gap where other learners' first states go,
 * and two such commits inserting into one gap deadlock (seen at 200 first commits a second).
 */
export const scoStatesOf = preparedRead<StateRow, [enrolmentId: number]>((knex, enrolmentId) =>
  knex('scorm_sco_states')
    .select('id', 'sco_identifier', 'attempt_id', 'seq', 'progress', 'score_raw', 'score_min', 'score_max', 'score_scaled', 'total_seconds')
    .where('enrollment_id', enrolmentId),
);

export const insertLogEntry = preparedWrite<[row: Record<string, unknown>]>((knex, row) => knex('scorm_logs').insert(row));
export const insertScoState = preparedWrite<[row: Record<string, unknown>]>((knex, row) => knex('scorm_sco_states').insert(row));
export const updateScoState = preparedWrite<[id: number, fields: Record<string, unknown>]>((knex, id, fields) =>
  knex('scorm_sco_states').where('id', id).update(fields),
);
export const updateAttempt = preparedWrite<[id: number, fields: { last_seq: number; last_commit_at: unknown; finished_at: unknown }]>(
  (knex, id, fields) => knex('scorm_attempts').where('id', id).update(fields),
);
export const updateEnrolment = preparedWrite<
  [id: number, fields: { status: string; score: number | null; started_at: unknown; updated_at: unknown }]
>((knex, id, fields) => knex('enrollments').where('id', id).update(fields));
/** The enrolment passed by a commit: its status, score, start, pass date and expiry (its certificate follows through entities). */
export const passEnrolment = preparedWrite<
  [
    id: number,
    fields: { status: 'passed'; score: number | null; started_at: unknown; passed_at: unknown; expires_at: unknown; updated_at: unknown },
  ]
>((knex, id, fields) => knex('enrollments').where('id', id).update(fields));

const OBJECTIVE_FIELDS = [
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
// recorded_at is not merged: it stays when the portal first stored the answer.
const INTERACTION_FIELDS = [
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

/** A batch of a commit's objectives: each a new row, or its stored row (by attempt, SCO and id) updated. */
export const upsertObjectives = preparedWrite<[rows: Record<string, unknown>[]]>((knex, rows) =>
  knex('scorm_objectives').insert(rows).onConflict(['attempt_id', 'sco_identifier', 'objective_id']).merge(OBJECTIVE_FIELDS),
);
/** A batch of a commit's interactions: by attempt, SCO and index, as objectives. */
export const upsertInteractions = preparedWrite<[rows: Record<string, unknown>[]]>((knex, rows) =>
  knex('scorm_interactions').insert(rows).onConflict(['attempt_id', 'sco_identifier', 'position']).merge(INTERACTION_FIELDS),
);

/** An attempt with its enrolment's course (the content origin's check). */
export const attemptWithEnrolment = preparedRead<
  { id: number; course_id: number; user_id: number; session_id: string | null },
  [attemptId: number]
>((knex, attemptId) =>
  knex('scorm_attempts as a')
    .join('enrollments as e', 'e.id', 'a.enrollment_id')
    .select('a.id', 'e.course_id', 'a.user_id', 'a.session_id')
    .where('a.id', attemptId)
    .limit(1),
);

// Built once per number of enrolments (kit preparedRead): the learner dashboard asks on every visit.
export const progressMeasures = preparedRead<{ enrollment_id: number; progress_measure: string }, [enrolmentIds: number[]]>(
  (knex, enrolmentIds) =>
    knex('scorm_sco_states')
      .select('enrollment_id', 'progress_measure')
      .whereIn('enrollment_id', enrolmentIds)
      .whereNotNull('progress_measure'),
);
