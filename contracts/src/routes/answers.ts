import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { REPORTING_STATUSES } from './reporting-filters';

/**
 * What a learner answered (issue 20 item 5): per attempt (one player session) its score, time and
 * status, each objective and each interaction the content reported, as SCORM keeps them
 * (`cmi.objectives.n.*`, `cmi.interactions.n.*`; 1.2's student_response/time and 2004's
 * learner_response/timestamp under one name). The reporting service reads it (the read model).
 *
 * Tenancy: an admin reads any enrolment; a manager only one of their acting company or its depots
 * (403 otherwise, as /reporting refuses another company's ids); learners are refused by role.
 */

export const answerObjectiveSchema = z.object({
  /** The SCO that reported it (a course of one SCO has one). */
  sco: z.string(),
  id: z.string(),
  /** 2004 success_status; 1.2 status passed/failed. */
  success_status: z.string().nullable(),
  /** 2004 completion_status; 1.2 status completed/incomplete/browsed/not attempted. */
  completion_status: z.string().nullable(),
  score_raw: z.string().nullable(),
  score_min: z.string().nullable(),
  score_max: z.string().nullable(),
  score_scaled: z.string().nullable(),
});
export type AnswerObjective = z.infer<typeof answerObjectiveSchema>;

export const answerInteractionSchema = z.object({
  sco: z.string(),
  /** n of cmi.interactions.n: the order the content reported them in. */
  position: z.number().int(),
  id: z.string(),
  /** true-false, choice, fill-in, long-fill-in (2004), matching, performance, sequencing, likert, numeric, other. */
  type: z.string().nullable(),
  /** 2004 only. */
  description: z.string().nullable(),
  /** 2004 learner_response, 1.2 student_response, as the content sent it. */
  learner_response: z.string().nullable(),
  /** Each correct_responses.n.pattern, as sent. */
  correct_responses: z.array(z.string()),
  /** correct, incorrect (1.2: wrong), unanticipated, neutral, or a number. */
  result: z.string().nullable(),
  weighting: z.string().nullable(),
  /** As sent: 1.2 HHHH:MM:SS.SS, 2004 ISO 8601 (PT12S). */
  latency: z.string().nullable(),
  /** The latency in seconds, when it could be read. */
  latency_seconds: z.number().nullable(),
  /** As sent: 2004 timestamp (a date and time), 1.2 time (a time of day only). */
  timestamp: z.string().nullable(),
  /** When it was answered (ISO, UTC): the content's timestamp where it carries a date, otherwise when the portal first stored it. */
  answered_at: z.string(),
});
export type AnswerInteraction = z.infer<typeof answerInteractionSchema>;

export const answerAttemptSchema = z.object({
  id: z.number().int(),
  /** 1 for the enrolment's first attempt; the list runs newest first. */
  number: z.number().int(),
  started_at: z.string(),
  /** The last save of the attempt; null when the course never saved. */
  last_saved_at: z.string().nullable(),
  /** The session ended with a final save (the learner closed or finished the course). */
  finished: z.boolean(),
  /** The status the content last reported in this attempt (1.2 lesson_status, 2004 success or completion). */
  status: z.string().nullable(),
  /** 0–100 from the content's raw score against its min and max (the mean over SCOs that reported one). */
  score_percent: z.number().nullable(),
  /** Seconds in the course: the session time the content reported, else the time from start to the last save. */
  time_seconds: z.number().int().nullable(),
  objectives: z.array(answerObjectiveSchema),
  interactions: z.array(answerInteractionSchema),
});
export type AnswerAttempt = z.infer<typeof answerAttemptSchema>;

export const enrolmentAnswersSchema = z.object({
  enrollment: z.object({
    id: z.number().int(),
    learner_name: z.string(),
    course_name: z.string(),
    status: z.enum(REPORTING_STATUSES),
    score: z.number().nullable(),
    scorm_version: z.enum(['1.2', '2004']).nullable(),
  }),
  /** Newest first. */
  attempts: z.array(answerAttemptSchema),
});
export type EnrolmentAnswers = z.infer<typeof enrolmentAnswersSchema>;

export const enrolmentAnswers = defineRoute({
  name: 'reporting.enrolmentAnswers',
  method: 'GET',
  path: '/api/reporting/enrolments/{id}/answers',
  service: 'reporting',
  access: ['manager', 'admin'],
  summary:
    'What the learner answered on one enrolment: each attempt (newest first) with its score, time and status, its objectives and its interactions (response, correct pattern, result, latency, when). A manager: enrolments of the acting company and its depots only (403); an admin: any.',
  params: z.object({ id: idParam }),
  response: z.object({ data: enrolmentAnswersSchema }),
});

export const answerRoutes = [enrolmentAnswers] as const;
