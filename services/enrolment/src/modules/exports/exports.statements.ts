import { readRows, type Em } from '@portal/service-kit';

// The exports' raw statements (the only file of this feature that builds SQL: eslint.config.mjs):
// plain rows (kit readRows), no entities, for exports of many rows.

/** How many of these enrolments each company holds. */
export function enrolmentCountsByCompany(em: Em, ids: number[]) {
  return readRows<{ company_id: number; n: number | string }>(
    em,
    em.getKnex()('enrollments').select('company_id').count({ n: '*' }).whereIn('id', ids).groupBy('company_id'),
  );
}

/** These enrolments' columns an export shows, in no particular order. */
export function exportRowsOf<Row>(em: Em, ids: number[]): Promise<Row[]> {
  return readRows<Row>(
    em,
    em
      .getKnex()('enrollments')
      .select(
        'id',
        'user_id',
        'company_id',
        'course_id',
        'status',
        'score',
        'created_at',
        'updated_at',
        'started_at',
        'passed_at',
        'expires_at',
      )
      .whereIn('id', ids),
  );
}

/**
 * The bulk report's rows in one statement: the enrolments with their first launch, last save and
 * SCORM session time summed over their SCOs (three subqueries on the attempts' and SCO states'
 * enrollment_id indexes), so the ids go to the database once a step.
 */
export function bulkRowsOf<Row>(em: Em, ids: number[]): Promise<Row[]> {
  const knex = em.getKnex();
  return readRows<Row>(
    em,
    knex('enrollments as e')
      .select(
        'e.id',
        'e.user_id',
        'e.company_id',
        'e.course_id',
        'e.status',
        'e.score',
        'e.created_at',
        'e.updated_at',
        'e.started_at',
        'e.passed_at',
        'e.expires_at',
      )
      .select({
        first_launch: knex('scorm_attempts as a').min('a.started_at').whereRaw('?? = ??', ['a.enrollment_id', 'e.id']),
        last_save: knex('scorm_attempts as a').max('a.last_commit_at').whereRaw('?? = ??', ['a.enrollment_id', 'e.id']),
        scorm_seconds: knex('scorm_sco_states as s').sum('s.total_seconds').whereRaw('?? = ??', ['s.enrollment_id', 'e.id']),
      })
      .whereIn('e.id', ids),
  );
}

/** The interactions of these enrolments with their attempt's start and their enrolment's learner, company and course. */
export function answerRowsOf<Row>(em: Em, ids: number[]): Promise<Row[]> {
  return readRows<Row>(
    em,
    em
      .getKnex()('scorm_interactions as i')
      .join('scorm_attempts as a', 'a.id', 'i.attempt_id')
      .join('enrollments as e', 'e.id', 'i.enrollment_id')
      .select(
        'i.enrollment_id',
        'e.user_id',
        'e.company_id',
        'e.course_id',
        'i.attempt_id',
        'a.started_at',
        'i.sco_identifier',
        'i.position',
        'i.interaction_id',
        'i.description',
        'i.type',
      )
      .select(
        'i.learner_response',
        'i.correct_responses',
        'i.result',
        'i.weighting',
        'i.latency',
        'i.timestamp',
        'i.recorded_at',
        'i.updated_at',
      )
      .whereIn('i.enrollment_id', ids),
  );
}

/** The attempts of these enrolments, oldest first. */
export function attemptsOfEnrolments(em: Em, ids: number[]) {
  return readRows<{ id: number; enrollment_id: number }>(
    em,
    em.getKnex()('scorm_attempts').select('id', 'enrollment_id').whereIn('enrollment_id', ids).orderBy('id'),
  );
}
