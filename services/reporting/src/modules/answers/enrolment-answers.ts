import {
  REPORTING_STATUSES,
  type AnswerAttempt,
  type AnswerInteraction,
  type AnswerObjective,
  type EnrolmentAnswers,
  type ReportingStatus,
} from '@portal/contracts';
import { forbidden, notFound, parseScormDuration, parseScormTimestamp, type Em, type Principal } from '@portal/service-kit';
import { isoOf, ReportingEnrolmentsRepository } from '../enrolments/enrolments.repository';
import { AnswersRepository, type AttemptScoRecord, type InteractionRecord } from './answers.statements';

const number = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A raw score as 0–100: against its min and max where the content sent a range, else as sent when it is already 0–100. */
export function percentOf(raw: string | null, min: string | null, max: string | null): number | null {
  const r = number(raw);
  if (r === null) return null;
  const lo = number(min) ?? 0;
  const hi = number(max);
  const percent = hi !== null && hi > lo ? ((r - lo) / (hi - lo)) * 100 : r;
  return percent >= 0 && percent <= 100 ? Math.round(percent) : null;
}

/**
 * When an interaction was answered: the content's timestamp where it carries a date (2004; read as
 * UTC when it names no zone), otherwise when the portal first stored it (1.2's `time` is a time of
 * day alone, in the learner's clock).
 */
export function answeredAt(timestamp: string | null, recordedAt: unknown, updatedAt: unknown): string {
  const reported = parseScormTimestamp(timestamp);
  if (reported !== null) return new Date(reported).toISOString();
  return isoOf(recordedAt) ?? isoOf(updatedAt) ?? new Date(0).toISOString();
}

function patternsOf(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function toInteraction(row: InteractionRecord): AnswerInteraction {
  return {
    sco: row.sco_identifier,
    position: Number(row.position),
    id: row.interaction_id,
    type: row.type,
    description: row.description,
    learner_response: row.learner_response,
    correct_responses: patternsOf(row.correct_responses),
    result: row.result,
    weighting: row.weighting,
    latency: row.latency,
    latency_seconds: parseScormDuration(row.latency),
    timestamp: row.timestamp,
    answered_at: answeredAt(row.timestamp, row.recorded_at, row.updated_at),
  };
}

/** An attempt's score (the mean over its SCOs that reported one), its last status and its time. */
function summaryOf(logs: AttemptScoRecord[], startedAt: string, lastSavedAt: string | null) {
  const percents = logs.map((l) => percentOf(l.score_raw, l.score_min, l.score_max)).filter((p): p is number => p !== null);
  const reported = logs.reduce((sum, l) => sum + (number(l.session_seconds) ?? 0), 0);
  const wall = lastSavedAt ? Math.max(0, Math.round((Date.parse(lastSavedAt) - Date.parse(startedAt)) / 1000)) : null;
  return {
    status: logs.at(-1)?.lesson_status ?? null,
    score_percent: percents.length ? Math.round(percents.reduce((a, b) => a + b, 0) / percents.length) : null,
    time_seconds: reported > 0 ? reported : wall,
  };
}

/**
 * GET /api/reporting/enrolments/{id}/answers. An admin reads any enrolment; a manager one of the
 * acting company or its depots (403, as /reporting refuses another company's ids). Unknown: 404.
 */
export async function readEnrolmentAnswers(em: Em, principal: Principal, enrolmentId: number): Promise<EnrolmentAnswers> {
  const repository = new AnswersRepository(em);
  const enrolment = await repository.enrolment(enrolmentId);
  if (!enrolment) throw notFound('That enrolment');
  if (principal.role !== 'admin') {
    const scope = await new ReportingEnrolmentsRepository(em).companyWithDepots(principal.companyId);
    if (!scope.some((c) => c.id === Number(enrolment.company_id))) throw forbidden('That enrolment is not your company’s.');
  }
  const [attempts, logs, objectives, interactions] = await Promise.all([
    repository.attempts(enrolmentId),
    repository.lastLogs(enrolmentId),
    repository.objectives(enrolmentId),
    repository.interactions(enrolmentId),
  ]);
  const newest = attempts.at(-1);
  const newestId = newest ? Number(newest.id) : null;
  const byAttempt = <T>(rows: T[], attemptOf: (row: T) => number | null) => {
    const out = new Map<number, T[]>();
    for (const row of rows) {
      // Objectives kept from before attempts had their own belong to the newest.
      const id = attemptOf(row) ?? newestId;
      if (id !== null) out.set(id, [...(out.get(id) ?? []), row]);
    }
    return out;
  };
  const logsOf = byAttempt(logs, (l) => Number(l.attempt_id));
  const objectivesOf = byAttempt(objectives, (o) => (o.attempt_id === null ? null : Number(o.attempt_id)));
  const interactionsOf = byAttempt(interactions, (i) => Number(i.attempt_id));

  const result: AnswerAttempt[] = attempts.map((attempt, index) => {
    const id = Number(attempt.id);
    const startedAt = isoOf(attempt.started_at) ?? new Date(0).toISOString();
    const lastSavedAt = isoOf(attempt.last_commit_at);
    return {
      id,
      number: index + 1,
      started_at: startedAt,
      last_saved_at: lastSavedAt,
      finished: attempt.finished_at !== null && attempt.finished_at !== undefined,
      ...summaryOf(logsOf.get(id) ?? [], startedAt, lastSavedAt),
      objectives: (objectivesOf.get(id) ?? []).map((o): AnswerObjective => ({
        sco: o.sco_identifier,
        id: o.objective_id,
        success_status: o.success_status,
        completion_status: o.completion_status,
        score_raw: o.score_raw,
        score_min: o.score_min,
        score_max: o.score_max,
        score_scaled: o.score_scaled,
      })),
      interactions: (interactionsOf.get(id) ?? []).map(toInteraction),
    };
  });

  const status = (REPORTING_STATUSES as readonly string[]).includes(enrolment.status)
    ? (enrolment.status as ReportingStatus)
    : 'not_started';
  const version = enrolment.scorm_version === '1.2' || enrolment.scorm_version === '2004' ? enrolment.scorm_version : null;
  return {
    enrollment: {
      id: Number(enrolment.id),
      learner_name: enrolment.learner_name ?? 'Deleted learner',
      course_name: enrolment.course_name ?? 'Deleted course',
      status,
      score: number(enrolment.score),
      scorm_version: version,
    },
    attempts: result.reverse(),
  };
}
