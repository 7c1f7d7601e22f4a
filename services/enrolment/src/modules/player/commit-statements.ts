import { newestAttemptsQuery, preparedRead, preparedWrite } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

// The commit's statements (docs/benchmarks.md "SCORM commits"): built once per shape, run on the
// driver without entities, the transaction on one connection (kit directTransaction). The enrolment
// is this service's own table; a commit that may pass the course takes the entity manager's
// transaction (certificate, expiry), which is rare.

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
  return (knex.client as { driverName?: string }).driverName === 'libsql' ? query : query.forUpdate();
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
