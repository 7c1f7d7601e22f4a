import { readRows, type Em } from '@portal/service-kit';

/** What the answers view reads (DESIGN.md "Data": reporting reads every table, never writes). Dates as the database answers them. */
export interface AnswersEnrolmentRecord {
  id: number;
  company_id: number;
  status: string;
  score: number | string | null;
  learner_name: string | null;
  course_name: string | null;
  scorm_version: string | null;
}
export interface AttemptRecord {
  id: number;
  started_at: unknown;
  last_commit_at: unknown;
  finished_at: unknown;
}
/** The newest log entry of each SCO of each attempt: the attempt's last word on status, score and session time. */
export interface AttemptScoRecord {
  id: number;
  attempt_id: number;
  sco_identifier: string;
  lesson_status: string | null;
  session_seconds: number | string | null;
  score_raw: string | null;
  score_min: string | null;
  score_max: string | null;
}
export interface ObjectiveRecord {
  id: number;
  attempt_id: number | null;
  sco_identifier: string;
  objective_id: string;
  position: number;
  success_status: string | null;
  completion_status: string | null;
  score_raw: string | null;
  score_min: string | null;
  score_max: string | null;
  score_scaled: string | null;
}
export interface InteractionRecord {
  attempt_id: number;
  sco_identifier: string;
  position: number;
  interaction_id: string;
  type: string | null;
  description: string | null;
  learner_response: string | null;
  correct_responses: string | null;
  result: string | null;
  weighting: string | null;
  latency: string | null;
  timestamp: string | null;
  recorded_at: unknown;
  updated_at: unknown;
}

/** The answers page's raw statements (the only file of this feature that builds SQL: eslint.config.mjs). */
export class AnswersRepository {
  constructor(private readonly em: Em) {}

  private get knex() {
    return this.em.getKnex();
  }

  async enrolment(id: number): Promise<AnswersEnrolmentRecord | null> {
    const [row] = await readRows<AnswersEnrolmentRecord>(
      this.em,
      this.knex('enrollments as e')
        .leftJoin('users as u', 'u.id', 'e.user_id')
        .leftJoin('courses as c', 'c.id', 'e.course_id')
        .select('e.id', 'e.company_id', 'e.status', 'e.score', 'u.name as learner_name', 'c.name as course_name', 'c.scorm_version')
        .where('e.id', id),
    );
    return row ?? null;
  }

  /** Every attempt of the enrolment, oldest first (numbered so). */
  attempts(enrolmentId: number): Promise<AttemptRecord[]> {
    return readRows<AttemptRecord>(
      this.em,
      this.knex('scorm_attempts')
        .select('id', 'started_at', 'last_commit_at', 'finished_at')
        .where('enrollment_id', enrolmentId)
        .orderBy('id', 'asc'),
    );
  }

  /** One row per SCO per attempt, from the log's `enrollment_id` index; suspend data and locations stay unread. */
  lastLogs(enrolmentId: number): Promise<AttemptScoRecord[]> {
    const knex = this.knex;
    return readRows<AttemptScoRecord>(
      this.em,
      knex('scorm_logs')
        .select('id', 'attempt_id', 'sco_identifier', 'lesson_status', 'session_seconds', 'score_raw', 'score_min', 'score_max')
        .whereIn('id', knex('scorm_logs').max('id').where('enrollment_id', enrolmentId).groupBy('attempt_id', 'sco_identifier'))
        .orderBy('id', 'asc'),
    );
  }

  objectives(enrolmentId: number): Promise<ObjectiveRecord[]> {
    return readRows<ObjectiveRecord>(
      this.em,
      this.knex('scorm_objectives')
        .select(
          'id',
          'attempt_id',
          'sco_identifier',
          'objective_id',
          'position',
          'success_status',
          'completion_status',
          'score_raw',
          'score_min',
          'score_max',
          'score_scaled',
        )
        .where('enrollment_id', enrolmentId)
        .orderBy([{ column: 'sco_identifier' }, { column: 'position' }, { column: 'id' }]),
    );
  }

  interactions(enrolmentId: number): Promise<InteractionRecord[]> {
    return readRows<InteractionRecord>(
      this.em,
      this.knex('scorm_interactions')
        .select(
          'attempt_id',
          'sco_identifier',
          'position',
          'interaction_id',
          'type',
          'description',
          'learner_response',
          'correct_responses',
          'result',
          'weighting',
          'latency',
          'timestamp',
          'recorded_at',
          'updated_at',
        )
        .where('enrollment_id', enrolmentId)
        .orderBy([{ column: 'attempt_id' }, { column: 'sco_identifier' }, { column: 'position' }]),
    );
  }
}
