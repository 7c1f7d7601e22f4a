import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One player session of an enrolment. Commits name it and carry its launch token. */
export const ScormAttempt = defineEntity({
  name: 'ScormAttempt',
  tableName: 'scorm_attempts',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    userId: p.integer().fieldName('user_id'),
    tokenHash: p.string().fieldName('token_hash').length(64),
    /** The sign-in session that opened it: its content token works only while that session lives. */
    sessionId: p.string().fieldName('session_id').length(64).nullable(),
    /** The highest commit number applied in this attempt (commits are ordered per SCO: see isStaleCommit). */
    lastSeq: p.integer().fieldName('last_seq').default(0),
    startedAt: p.datetime().fieldName('started_at'),
    lastCommitAt: p.datetime().fieldName('last_commit_at').nullable(),
    finishedAt: p.datetime().fieldName('finished_at').nullable(),
  }),
});
export type IScormAttempt = InferEntity<typeof ScormAttempt>;

/** The newest runtime state of one SCO of an enrolment: what the next launch resumes from. */
export const ScoState = defineEntity({
  name: 'ScoState',
  tableName: 'scorm_sco_states',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    scoIdentifier: p.string().fieldName('sco_identifier').length(191),
    attemptId: p.integer().fieldName('attempt_id'),
    seq: p.integer(),
    /** not-attempted | incomplete | completed | passed | failed */
    progress: p.string().length(16),
    lessonStatus: p.string().fieldName('lesson_status').length(32).nullable(),
    completionStatus: p.string().fieldName('completion_status').length(32).nullable(),
    successStatus: p.string().fieldName('success_status').length(32).nullable(),
    location: p.text().nullable(),
    suspendData: p.text().fieldName('suspend_data').nullable(),
    scoreRaw: p.string().fieldName('score_raw').length(32).nullable(),
    scoreMin: p.string().fieldName('score_min').length(32).nullable(),
    scoreMax: p.string().fieldName('score_max').length(32).nullable(),
    scoreScaled: p.string().fieldName('score_scaled').length(32).nullable(),
    totalTime: p.string().fieldName('total_time').length(64).nullable(),
    totalSeconds: p.integer().fieldName('total_seconds').default(0),
    exit: p.string().length(32).nullable(),
    /** SCORM 2004 cmi.progress_measure (0–1). */
    progressMeasure: p.string().fieldName('progress_measure').length(32).nullable(),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IScoState = InferEntity<typeof ScoState>;

/** The learner's SCORM log: one row per accepted commit. */
export const ScormLogEntry = defineEntity({
  name: 'ScormLogEntry',
  tableName: 'scorm_logs',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    attemptId: p.integer().fieldName('attempt_id'),
    scoIdentifier: p.string().fieldName('sco_identifier').length(191),
    seq: p.integer(),
    isFinal: p.boolean().fieldName('is_final').default(false),
    slideLocation: p.text().fieldName('slide_location').nullable(),
    lessonStatus: p.string().fieldName('lesson_status').length(32).nullable(),
    sessionTime: p.string().fieldName('session_time').length(64).nullable(),
    sessionSeconds: p.integer().fieldName('session_seconds').nullable(),
    scoreRaw: p.string().fieldName('score_raw').length(32).nullable(),
    scoreMin: p.string().fieldName('score_min').length(32).nullable(),
    scoreMax: p.string().fieldName('score_max').length(32).nullable(),
    totalTime: p.string().fieldName('total_time').length(64).nullable(),
    suspendData: p.text().fieldName('suspend_data').nullable(),
    exit: p.string().length(32).nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  }),
});
export type IScormLogEntry = InferEntity<typeof ScormLogEntry>;

/**
 * One objective of a SCO as an attempt last reported it: the newest of each id is restored on the
 * next launch; each attempt's own are what its answers view shows.
 */
export const ScormObjective = defineEntity({
  name: 'ScormObjective',
  tableName: 'scorm_objectives',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    /** Null only for rows kept from before attempts had their own (issue 20 item 5). */
    attemptId: p.integer().fieldName('attempt_id').nullable(),
    scoIdentifier: p.string().fieldName('sco_identifier').length(191),
    objectiveId: p.string().fieldName('objective_id').length(191),
    /** Its index n in cmi.objectives.n, so a resume gives it back in the same place. */
    position: p.integer().default(0),
    successStatus: p.string().fieldName('success_status').length(32).nullable(),
    completionStatus: p.string().fieldName('completion_status').length(32).nullable(),
    scoreRaw: p.string().fieldName('score_raw').length(32).nullable(),
    scoreMin: p.string().fieldName('score_min').length(32).nullable(),
    scoreMax: p.string().fieldName('score_max').length(32).nullable(),
    scoreScaled: p.string().fieldName('score_scaled').length(32).nullable(),
    progressMeasure: p.string().fieldName('progress_measure').length(32).nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  }),
});
export type IScormObjective = InferEntity<typeof ScormObjective>;

/** One interaction (a question answered) of a SCO in an attempt. */
export const ScormInteraction = defineEntity({
  name: 'ScormInteraction',
  tableName: 'scorm_interactions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    attemptId: p.integer().fieldName('attempt_id'),
    scoIdentifier: p.string().fieldName('sco_identifier').length(191),
    /** Its index n in cmi.interactions.n. */
    position: p.integer(),
    interactionId: p.string().fieldName('interaction_id').length(191),
    type: p.string().length(32).nullable(),
    /** 2004 only. */
    description: p.text().nullable(),
    /** 2004 learner_response, 1.2 student_response. */
    learnerResponse: p.text().fieldName('learner_response').nullable(),
    /** Each correct_responses.n.pattern, in order, as a JSON array of strings. */
    correctResponses: p.text().fieldName('correct_responses').nullable(),
    result: p.string().length(32).nullable(),
    weighting: p.string().length(32).nullable(),
    latency: p.string().length(64).nullable(),
    /** 2004 timestamp, 1.2 time. */
    timestamp: p.string().length(64).nullable(),
    /** When the portal first stored it (a 1.2 time has no date). */
    recordedAt: p.datetime().fieldName('recorded_at').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  }),
});
export type IScormInteraction = InferEntity<typeof ScormInteraction>;
