import { SCORM_COMMIT_LIMITS, SCORM_MESSAGES, type ScoProgress } from '@portal/contracts';
import { AppError, attemptLimitOf, hashToken, rowDate, safeEqual, type AttemptLimit, type CoursePackage } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';
import { addYears } from '../enrolments/validity';
import { completeUntouchedSco, courseScore, readCommit, rollUpCourse, scoProgress, scorePercent, type CommitReading } from './scorm-status';
import { parseScormDuration } from './scorm-time';
import {
  collectionSize,
  readInteractions,
  readObjectives,
  readProgressMeasure,
  type InteractionRecord,
  type ObjectiveRecord,
} from './scorm-records';
import type { LockedRow, StateRow } from './player.statements';

// What a SCORM commit does, decided from plain data (what store-commit.ts read) and the input,
// without reading or writing anything: three steps, as the reads come in (a port is never called
// inside the transaction, and the rows under lock are read inside it):
// 1. checkLaunch: the caller's launch and the commit limit (before the package is read);
// 2. admitCommit: the commit's content against the package and SCORM_COMMIT_LIMITS;
// 3. decideCommit: under the attempt's lock, what to write (or that it is stale), and the course outcome.

/**
 * applied: stored. Otherwise a repeat (already stored: a device sending its queue again) or
 * superseded: a newer attempt (another tab or device) has saved this SCO since (docs/decisions.md
 * "Offline player").
 */
export interface CommitOutcome {
  applied: boolean;
  superseded: boolean;
}

export interface CommitInput {
  attemptId: number;
  sco: string;
  /** The attempt's launch token, or the content origin's grant already checked (a SCO's last word: last-word.ts). */
  token: string | { grantedByContentOrigin: true };
  isFinal: boolean;
  /** The player's number; `next`: after the SCO's newest in this attempt, decided under the attempt's lock (a last word). */
  seq: number | 'next';
  cmi: Record<string, unknown>;
}

/** The caller's launch as read before the transaction, with the commit limit's newest counted rows. */
export interface LaunchFacts {
  userId: number;
  tokenHash: string;
  enrolmentUserId: number;
  courseId: number;
  companyId: number;
  limitRows: { id: number; created_at: unknown }[];
}

/** Commits that cannot be matched to the caller's own launch all look the same. */
export const unknownLaunch = () => new AppError('not_found', 'This course session was not found. Reopen the course.');

const tokenMatches = (tokenHash: string, token: CommitInput['token']) =>
  typeof token === 'string' ? safeEqual(tokenHash, hashToken(token)) : token.grantedByContentOrigin;

/** Step 1: the launch is the caller's, with its token, and the attempt is within its commit limit. */
export function checkLaunch(facts: {
  launch: LaunchFacts | null;
  userId: number;
  token: CommitInput['token'];
  limit: AttemptLimit;
  now: Date;
}): { refused: AppError } | { launch: LaunchFacts; staleIds: number[] } {
  const { launch } = facts;
  if (!launch || launch.userId !== facts.userId || !tokenMatches(launch.tokenHash, facts.token)) return { refused: unknownLaunch() };
  if (launch.enrolmentUserId !== facts.userId) return { refused: unknownLaunch() };
  // Checked after the launch token, so nobody can use up another learner's allowance.
  try {
    return { launch, ...attemptLimitOf(launch.limitRows, facts.limit, facts.now, 'saves from this course in a minute') };
  } catch (error) {
    if (error instanceof AppError) return { refused: error };
    throw error;
  }
}

export interface AdmittedCommit {
  pkg: CoursePackage;
  sco: CoursePackage['scos'][number];
  reading: CommitReading;
  objectives: ObjectiveRecord[];
  interactions: InteractionRecord[];
  progress: ScoProgress;
  /** Only a completed or passed SCO can pass the course: only then are its validity and the entity manager needed. */
  mayPass: boolean;
}

/**
 * Step 2: the commit's content read for its package, or why it is refused before anything is
 * stored (suspend data, interactions or objectives over SCORM_COMMIT_LIMITS, an unknown SCO): a 422
 * whose message the player shows the learner; the attempt still counts against the limit.
 */
export function admitCommit(
  pkg: CoursePackage | null,
  input: Pick<CommitInput, 'sco' | 'isFinal' | 'cmi'>,
): { refused: AppError } | AdmittedCommit {
  const version = pkg?.version ?? '2004';
  const read = readCommit(version, input.cmi);
  const objectives = readObjectives(version, input.cmi);
  const interactions = readInteractions(version, input.cmi);
  const refuse = (field: string, message: string) => ({ refused: new AppError('validation', message, { errors: { [field]: [message] } }) });
  const suspendData = read.suspendData;
  if (suspendData && suspendData.length > SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX)
    return refuse('cmi.suspend_data', SCORM_MESSAGES.suspendDataTooLong(suspendData.length));
  const interactionCount = collectionSize(interactions);
  if (interactionCount > SCORM_COMMIT_LIMITS.INTERACTIONS_MAX)
    return refuse('cmi.interactions', SCORM_MESSAGES.tooManyInteractions(interactionCount));
  const objectiveCount = collectionSize(objectives);
  if (objectiveCount > SCORM_COMMIT_LIMITS.OBJECTIVES_MAX)
    return refuse('cmi.objectives', SCORM_MESSAGES.tooManyObjectives(objectiveCount));
  const sco = pkg?.scos.find((s) => s.identifier === input.sco);
  if (!pkg || !sco) return refuse('sco', 'This course has no such SCO.');
  const reading = input.isFinal ? completeUntouchedSco(pkg.version, read) : read;
  const rules = { masteryScore: sco.masteryScore, scaledPassingScore: sco.scaledPassingScore, passMark: pkg.passMark };
  const progress = scoProgress(pkg.version, reading, rules);
  // A SCO that has talked to the LMS has been attempted, whatever its status says.
  const attempted: ScoProgress = progress === 'not-attempted' ? 'incomplete' : progress;
  return { pkg, sco, reading, objectives, interactions, progress: attempted, mayPass: attempted === 'completed' || attempted === 'passed' };
}

/**
 * Commits are ordered per SCO of an attempt, not per attempt: a SCO's last commit sent by beacon
 * as the player moves on may arrive after the next SCO's first one (numbered higher), and must
 * still count. A commit numbered at or below the SCO's newest in the same attempt (a repeat, or
 * one overtaken by a newer one of that SCO) changes nothing, nor does one from an attempt older
 * than the SCO's newest. Numbers may skip (a commit lost on the way): a gap never blocks.
 */
export function isStaleCommit(existing: { attemptId: number; seq: number } | null, attemptId: number, seq: number): boolean {
  if (!existing) return false;
  if (existing.attemptId > attemptId) return true;
  return existing.attemptId === attemptId && seq <= existing.seq;
}

/**
 * The number of a last word: one after the SCO's newest of this attempt (or the attempt's last), so
 * it supersedes what the SCO sent before it, and the player's own final commit of the same moment
 * (numbered the same by then) is taken for a repeat of it.
 */
function nextSeq(newest: { attemptId: number; seq: number } | null, attemptId: number, attemptLastSeq: number): number {
  return (newest && newest.attemptId === attemptId ? Math.max(newest.seq, attemptLastSeq) : attemptLastSeq) + 1;
}

/**
 * How far "last activity" (the enrolment's updated_at: /reporting and the export) may lag the
 * learner's last commit: a commit that changes nothing else on the enrolment moves it only when it
 * is at least this old, so a learner saving every few seconds costs the enrolment one write a minute.
 */
export const LAST_ACTIVITY_RESOLUTION_MS = 60_000;

/** What a commit does to its enrolment. */
export type EnrolmentChange =
  | { kind: 'none' }
  | { kind: 'update'; status: EnrolmentStatus; score: number | null; startedAt: Date | null }
  | { kind: 'pass'; score: number | null; startedAt: Date; passedAt: Date; expiresAt: Date };

/** The enrolment as it stood under the lock. */
export interface EnrolmentBefore {
  status: EnrolmentStatus;
  score: number | null;
  startedAt: Date | null;
  updatedAt: Date | null;
}

/**
 * A passed enrolment stays passed (re-watching changes nothing but its last activity); otherwise
 * status and score follow the SCOs. The enrolment is written only when its status, score or start
 * change, or its last activity is LAST_ACTIVITY_RESOLUTION_MS behind. Passing sets the pass date
 * and the expiry (the certificate follows).
 */
export function enrolmentChange(
  before: EnrolmentBefore,
  course: { status: ReturnType<typeof rollUpCourse>; score: number | null },
  now: Date,
  validityYears: number,
): EnrolmentChange {
  const { status, score } = course;
  if (before.status !== 'passed' && status === 'passed') {
    return {
      kind: 'pass',
      score: score ?? before.score,
      startedAt: before.startedAt ?? now,
      passedAt: now,
      expiresAt: addYears(now, validityYears),
    };
  }
  const after =
    before.status === 'passed'
      ? // A pass decided before any score came (an autocommit of "completed" before the quiz) takes the first score that comes.
        { status: before.status, score: before.score ?? score, startedAt: before.startedAt }
      : { status: status === 'not_started' ? 'in_progress' : status, score: score ?? before.score, startedAt: before.startedAt ?? now };
  const changed = after.status !== before.status || after.score !== before.score || after.startedAt !== before.startedAt;
  const activityBehind = !before.updatedAt || now.getTime() - before.updatedAt.getTime() >= LAST_ACTIVITY_RESOLUTION_MS;
  if (!changed && !activityBehind) return { kind: 'none' };
  return { kind: 'update', ...after };
}

/** The SCO state's columns a commit writes (the enrolment and SCO identify a new row). */
export type ScoStateFields = ReturnType<typeof scoStateOf>;

/** Everything an applied commit writes, in the order store-commit.ts writes it. */
export interface CommitWrite {
  enrolmentId: number;
  seq: number;
  /** The SCORM log's row (created_at: now). */
  logEntry: Record<string, unknown>;
  /** The SCO's state (updated_at: now): its stored row's id, or null for a new one. */
  scoState: { id: number | null; fields: ScoStateFields };
  objectives: ObjectiveRecord[];
  interactions: InteractionRecord[];
  /** The attempt's last number, and whether this commit finishes it (else its finished_at is kept as read). */
  attempt: { lastSeq: number; finishes: boolean; finishedAt: unknown };
  enrolment: EnrolmentChange;
}

export type CommitDecision = { kind: 'unknown-launch' } | { kind: 'stale'; outcome: CommitOutcome } | { kind: 'write'; write: CommitWrite };

const cut = (value: string | null, max: number) => value?.slice(0, max) ?? null;

function logEntryOf(
  admitted: AdmittedCommit,
  ids: { userId: number; enrolmentId: number; attemptId: number; seq: number; isFinal: boolean },
) {
  const { reading, pkg } = admitted;
  return {
    user_id: ids.userId,
    enrollment_id: ids.enrolmentId,
    attempt_id: ids.attemptId,
    sco_identifier: admitted.sco.identifier,
    seq: ids.seq,
    is_final: ids.isFinal ? 1 : 0,
    slide_location: reading.location,
    lesson_status:
      pkg.version === '1.2'
        ? reading.lessonStatus
        : reading.successStatus && reading.successStatus !== 'unknown'
          ? reading.successStatus
          : reading.completionStatus,
    session_time: cut(reading.sessionTime, 64),
    session_seconds: parseScormDuration(reading.sessionTime),
    score_raw: cut(reading.scoreRaw, 32),
    score_min: cut(reading.scoreMin, 32),
    score_max: cut(reading.scoreMax, 32),
    total_time: cut(reading.totalTime, 64),
    suspend_data: reading.suspendData,
    exit: cut(reading.exit, 32),
  };
}

// total_time in a final commit already includes the session: it is taken as sent, never added to.
// The wall time of a session is kept on its attempt (started_at, last_commit_at).
function scoStateOf(
  admitted: AdmittedCommit,
  existing: StateRow | undefined,
  at: { attemptId: number; seq: number },
  cmi: Record<string, unknown>,
) {
  const { reading } = admitted;
  return {
    attempt_id: at.attemptId,
    seq: at.seq,
    progress: admitted.progress as string,
    lesson_status: cut(reading.lessonStatus, 32),
    completion_status: cut(reading.completionStatus, 32),
    success_status: cut(reading.successStatus, 32),
    location: reading.location,
    suspend_data: reading.suspendData,
    score_raw: cut(reading.scoreRaw, 32),
    score_min: cut(reading.scoreMin, 32),
    score_max: cut(reading.scoreMax, 32),
    score_scaled: cut(reading.scoreScaled, 32),
    total_time: cut(reading.totalTime, 64),
    total_seconds: parseScormDuration(reading.totalTime) ?? (existing ? Number(existing.total_seconds ?? 0) : 0),
    exit: cut(reading.exit, 32),
    progress_measure: readProgressMeasure(admitted.pkg.version, cmi),
  };
}

type StoredScores = Pick<StateRow, 'progress' | 'score_raw' | 'score_min' | 'score_max' | 'score_scaled'>;

/** The course's status and score from its SCOs: this one as the commit leaves it, the others as stored. */
function courseOutcome(pkg: CoursePackage, states: Map<string, StoredScores>) {
  const status = rollUpCourse(pkg.scos.map((s) => (states.get(s.identifier)?.progress ?? 'not-attempted') as ScoProgress));
  const score = courseScore(
    pkg.scos.map((s) => {
      const stored = states.get(s.identifier);
      return stored
        ? scorePercent({
            scoreRaw: stored.score_raw,
            scoreMin: stored.score_min,
            scoreMax: stored.score_max,
            scoreScaled: stored.score_scaled,
          })
        : null;
    }),
  );
  return { status, score };
}

/**
 * Step 3, under the attempt's lock: the launch is still the caller's; the commit's number (a last
 * word's is the next one); a stale commit changes nothing (superseded when a newer attempt saved
 * this SCO); otherwise the log row, the SCO state, the records, the attempt and the enrolment.
 */
export function decideCommit(facts: {
  admitted: AdmittedCommit;
  head: LockedRow | undefined;
  states: StateRow[];
  userId: number;
  input: Pick<CommitInput, 'attemptId' | 'seq' | 'isFinal' | 'cmi'>;
  now: Date;
  validityYears: number;
}): CommitDecision {
  const { admitted, head, input } = facts;
  if (!head || Number(head.user_id) !== facts.userId || Number(head.enrollment_user_id) !== facts.userId) return { kind: 'unknown-launch' };
  const enrolmentId = Number(head.enrollment_id);
  const states = new Map(facts.states.map((r) => [r.sco_identifier, r]));
  const existing = states.get(admitted.sco.identifier);
  const newest = existing ? { attemptId: Number(existing.attempt_id), seq: Number(existing.seq) } : null;
  const seq = input.seq === 'next' ? nextSeq(newest, input.attemptId, Number(head.last_seq)) : input.seq;
  if (newest && isStaleCommit(newest, input.attemptId, seq)) {
    return { kind: 'stale', outcome: { applied: false, superseded: newest.attemptId > input.attemptId } };
  }
  const scoState = scoStateOf(admitted, existing, { attemptId: input.attemptId, seq }, input.cmi);
  const course = courseOutcome(admitted.pkg, new Map<string, StoredScores>([...states, [admitted.sco.identifier, scoState]]));
  const before = {
    status: head.status,
    score: head.score === null ? null : Number(head.score),
    startedAt: rowDate(head.started_at),
    updatedAt: rowDate(head.updated_at),
  };
  return {
    kind: 'write',
    write: {
      enrolmentId,
      seq,
      logEntry: logEntryOf(admitted, { userId: facts.userId, enrolmentId, attemptId: input.attemptId, seq, isFinal: input.isFinal }),
      scoState: { id: existing ? Number(existing.id) : null, fields: scoState },
      objectives: admitted.objectives,
      interactions: admitted.interactions,
      attempt: { lastSeq: Math.max(Number(head.last_seq), seq), finishes: input.isFinal, finishedAt: head.finished_at },
      enrolment: enrolmentChange(before, course, facts.now, facts.validityYears),
    },
  };
}
