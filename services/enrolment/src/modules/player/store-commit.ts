import { SCORM_COMMIT_LIMITS, SCORM_MESSAGES, type ScoProgress, type ScormVersion } from '@portal/contracts';
import {
  AppError,
  attemptLimitOf,
  attemptRowsToRead,
  DirectTransaction,
  directTransaction,
  hashToken,
  recordAttemptRow,
  rowDate,
  safeEqual,
  type AttemptLimit,
  type CataloguePort,
  type Em,
  type Orm,
  type Principal,
  type ServiceDeps,
} from '@portal/service-kit';
import { Enrolment, type EnrolmentStatus, type IEnrolment } from '../enrolments/enrolment.entity';
import { touchLastActivity } from '../enrolments/enrolment.repository';
import { addYears } from '../enrolments/validity';
import { issueCertificate } from '../certificates/issue-certificate';
import { completeUntouchedSco, courseScore, readCommit, rollUpCourse, scoProgress, scorePercent, type CommitReading } from './scorm-status';
import { parseScormDuration } from './scorm-time';
import {
  collectionSize,
  readInteractions,
  readObjectives,
  readProgressMeasure,
  storeRecords,
  type InteractionRecord,
  type ObjectiveRecord,
} from './scorm-records';
import {
  insertLogEntry,
  insertScoState,
  launchOf,
  lockedLaunch,
  scoStatesOf,
  updateAttempt,
  updateEnrolment,
  updateScoState,
} from './commit-statements';
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

const tokenMatches = (tokenHash: string, token: CommitInput['token']) =>
  typeof token === 'string' ? safeEqual(tokenHash, hashToken(token)) : token.grantedByContentOrigin;

/** Commits that cannot be matched to the caller's own launch all look the same. */
const unknownLaunch = () => new AppError('not_found', 'This course session was not found. Reopen the course.');

/** Commits per attempt a minute (SCORM_COMMIT_LIMITS): final ones in a bucket of their own. */
export const commitLimit = (attemptId: number, isFinal: boolean): AttemptLimit =>
  isFinal
    ? { bucket: `scorm-final-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.FINAL_COMMITS_PER_MINUTE, windowSeconds: 60 }
    : { bucket: `scorm-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE, windowSeconds: 60 };

/**
 * How far "last activity" (the enrolment's updated_at: /reporting and the export) may lag the
 * learner's last commit: a commit that changes nothing else on the enrolment moves it only when it
 * is at least this old, so a learner saving every few seconds costs the enrolment one write a minute.
 */
export const LAST_ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * Stores one commit: the learner's SCORM log gets a row, the SCO's state moves on, and the
 * enrolment's status and score follow from all its SCOs. Commits are numbered; see isStaleCommit
 * for which ones change nothing.
 * The package and the certificate validity come from catalogue first: a port is never called
 * inside a transaction.
 */
export async function storeCommit(
  db: { orm: Orm; em: () => Em },
  catalogue: CataloguePort,
  principal: Pick<Principal, 'userId'>,
  input: CommitInput,
  now: Date,
  deps: Pick<ServiceDeps, 'jobs'>,
): Promise<CommitOutcome> {
  const limit = commitLimit(input.attemptId, input.isFinal);
  const rows = await launchOf(db.orm, input.attemptId, limit.bucket, attemptRowsToRead(limit));
  const launch = rows[0];
  if (!launch || Number(launch.user_id) !== principal.userId || !tokenMatches(launch.token_hash, input.token)) throw unknownLaunch();
  if (Number(launch.enrollment_user_id) !== principal.userId) throw unknownLaunch();
  // Checked after the launch token, so nobody can use up another learner's allowance.
  const limitRows = launch.limit_row_id === null ? [] : rows.map((r) => ({ id: Number(r.limit_row_id), created_at: r.limit_row_at }));
  const { staleIds } = attemptLimitOf(limitRows, limit, now, 'saves from this course in a minute');

  const courseId = Number(launch.course_id);
  const pkg = await catalogue.coursePackage(courseId);
  const version: ScormVersion = pkg?.version ?? '2004';
  let reading: CommitReading = readCommit(version, input.cmi);
  const objectives = readObjectives(version, input.cmi);
  const interactions = readInteractions(version, input.cmi);
  // Refused whole before anything is written (the attempt still counts): the state saved before stays as it was.
  const sco = pkg?.scos.find((s) => s.identifier === input.sco);
  const refusal = commitRefusal(reading, { objectives, interactions }, sco !== undefined);
  if (refusal || !pkg || !sco) {
    await recordAttemptRow(db.em(), limit, now, staleIds);
    throw refusal;
  }
  if (input.isFinal) reading = completeUntouchedSco(pkg.version, reading);
  const rules = { masteryScore: sco.masteryScore, scaledPassingScore: sco.scaledPassingScore, passMark: pkg.passMark };
  let progress: ScoProgress = scoProgress(pkg.version, reading, rules);
  // A SCO that has talked to the LMS has been attempted, whatever its status says.
  if (progress === 'not-attempted') progress = 'incomplete';
  // Only a completed or passed SCO can pass the course: only then are its validity and the entity manager needed.
  const mayPass = progress === 'completed' || progress === 'passed';
  const validityYears = mayPass
    ? ((await catalogue.coursesByIds([courseId], { companyId: Number(launch.company_id) }))[0]?.validityYears ?? 1)
    : 1;
  const date = (value: Date | null) => (value === null ? null : db.orm.em.getPlatform().processDateProperty(value));

  try {
    return await inTransaction(db, mayPass, async (tx) => {
      const [head] = await lockedLaunch(tx, input.attemptId);
      if (!head || Number(head.user_id) !== principal.userId || Number(head.enrollment_user_id) !== principal.userId) throw unknownLaunch();
      const enrolmentId = Number(head.enrollment_id);
      const states = new Map((await scoStatesOf(tx, enrolmentId)).map((r) => [r.sco_identifier, r]));
      await recordAttemptRow(tx, limit, now, staleIds);
      const existing = states.get(sco.identifier);
      const newest = existing ? { attemptId: Number(existing.attempt_id), seq: Number(existing.seq) } : null;
      const seq = input.seq === 'next' ? nextSeq(newest, input.attemptId, Number(head.last_seq)) : input.seq;
      if (newest && isStaleCommit(newest, input.attemptId, seq)) return { applied: false, superseded: newest.attemptId > input.attemptId };

      await insertLogEntry(tx, {
        user_id: principal.userId,
        enrollment_id: enrolmentId,
        attempt_id: input.attemptId,
        sco_identifier: sco.identifier,
        seq,
        is_final: input.isFinal ? 1 : 0,
        slide_location: reading.location,
        lesson_status:
          pkg.version === '1.2'
            ? reading.lessonStatus
            : reading.successStatus && reading.successStatus !== 'unknown'
              ? reading.successStatus
              : reading.completionStatus,
        session_time: reading.sessionTime?.slice(0, 64) ?? null,
        session_seconds: parseScormDuration(reading.sessionTime),
        score_raw: reading.scoreRaw?.slice(0, 32) ?? null,
        score_min: reading.scoreMin?.slice(0, 32) ?? null,
        score_max: reading.scoreMax?.slice(0, 32) ?? null,
        total_time: reading.totalTime?.slice(0, 64) ?? null,
        suspend_data: reading.suspendData,
        exit: reading.exit?.slice(0, 32) ?? null,
        created_at: date(now),
      });

      // total_time in a final commit already includes the session: it is taken as sent, never added to.
      // The wall time of a session is kept on its attempt (started_at, last_commit_at).
      const totalSeconds = parseScormDuration(reading.totalTime);
      const state = {
        attempt_id: input.attemptId,
        seq,
        progress,
        lesson_status: reading.lessonStatus?.slice(0, 32) ?? null,
        completion_status: reading.completionStatus?.slice(0, 32) ?? null,
        success_status: reading.successStatus?.slice(0, 32) ?? null,
        location: reading.location,
        suspend_data: reading.suspendData,
        score_raw: reading.scoreRaw?.slice(0, 32) ?? null,
        score_min: reading.scoreMin?.slice(0, 32) ?? null,
        score_max: reading.scoreMax?.slice(0, 32) ?? null,
        score_scaled: reading.scoreScaled?.slice(0, 32) ?? null,
        total_time: reading.totalTime?.slice(0, 64) ?? null,
        total_seconds: totalSeconds ?? (existing ? Number(existing.total_seconds ?? 0) : 0),
        exit: reading.exit?.slice(0, 32) ?? null,
        progress_measure: readProgressMeasure(pkg.version, input.cmi),
        updated_at: date(now),
      };
      if (existing) await updateScoState(tx, Number(existing.id), state);
      else await insertScoState(tx, { enrollment_id: enrolmentId, sco_identifier: sco.identifier, ...state });
      await storeRecords(
        tx,
        { enrollmentId: enrolmentId, attemptId: input.attemptId, scoIdentifier: sco.identifier },
        objectives,
        interactions,
        now,
      );
      await updateAttempt(tx, input.attemptId, {
        last_seq: Math.max(Number(head.last_seq), seq),
        last_commit_at: date(now),
        finished_at: input.isFinal ? date(now) : head.finished_at,
      });

      // This SCO as now stored, the others as they were.
      const scoresNow = (s: {
        scoIdentifier: string;
      }):
        | { progress: string; score_raw: string | null; score_min: string | null; score_max: string | null; score_scaled: string | null }
        | undefined => (s.scoIdentifier === sco.identifier ? state : states.get(s.scoIdentifier));
      const progressOfScos = pkg.scos.map((s) => (scoresNow({ scoIdentifier: s.identifier })?.progress ?? 'not-attempted') as ScoProgress);
      const score = courseScore(
        pkg.scos.map((s) => {
          const stored = scoresNow({ scoIdentifier: s.identifier });
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
      await applyCourseOutcome(
        tx,
        deps,
        {
          id: enrolmentId,
          status: head.status,
          score: head.score === null ? null : Number(head.score),
          startedAt: rowDate(head.started_at),
          updatedAt: rowDate(head.updated_at),
        },
        rollUpCourse(progressOfScos),
        score,
        now,
        validityYears,
      );
      return { applied: true, superseded: false };
    });
  } catch (error) {
    if (!isDuplicateEntry(error)) throw error;
    // Another request stored this number of this attempt at the same moment (the same commit sent
    // twice, a SCO's last word beside the player's final): a numbered commit is then a repeat.
    if (input.seq === 'next') throw new CommitNumberTaken();
    return { applied: false, superseded: false };
  }
}

/** Times a commit's transaction is tried when MySQL picks it as a deadlock's victim or its lock wait times out. */
const TRANSACTION_TRIES = 3;

/**
 * The commit's transaction, tried again when MySQL rolled it back whole as a deadlock's victim (or
 * after a lock wait timeout): a burst of commits queues and is stored, it never fails for another's
 * lock. On one connection without the ORM, unless the commit may pass the course.
 */
async function inTransaction<T>(
  db: { orm: Orm; em: () => Em },
  withEntities: boolean,
  work: (tx: Em | DirectTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (withEntities ? db.em().transactional(work) : directTransaction(db.orm, work));
    } catch (error) {
      if (attempt >= TRANSACTION_TRIES || !isLockConflict(error)) throw error;
    }
  }
}

/** A last word (`seq: 'next'`) whose number another request took first: the caller tries again with the next one. */
export class CommitNumberTaken extends Error {
  constructor() {
    super('Another commit of this attempt took that number at the same moment.');
  }
}

/** A row another transaction inserted first under the same unique key (SQLite and MySQL/MariaDB, raw or through the ORM). */
function isDuplicateEntry(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; name?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === 'ER_DUP_ENTRY' || e.errno === 1062 || e.name === 'UniqueConstraintViolationException') return true;
  if (e.code?.startsWith('SQLITE_CONSTRAINT') && /UNIQUE constraint failed/.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== error && isDuplicateEntry(e.cause);
}

function isLockConflict(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; name?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === 'ER_LOCK_DEADLOCK' || e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.errno === 1213 || e.errno === 1205) return true;
  if (e.name === 'DeadlockException' || e.name === 'LockWaitTimeoutException') return true;
  return e.cause !== undefined && e.cause !== error && isLockConflict(e.cause);
}

/**
 * Why a commit is refused before anything is stored (suspend data, interactions or objectives over
 * SCORM_COMMIT_LIMITS, an unknown SCO), or null. A 422 whose message the player shows the learner;
 * nothing of the attempt is left behind, so its next save within the limits is stored.
 */
function commitRefusal(
  reading: CommitReading,
  records: { objectives: ObjectiveRecord[]; interactions: InteractionRecord[] },
  knownSco: boolean,
): AppError | null {
  const refuse = (field: string, message: string) => new AppError('validation', message, { errors: { [field]: [message] } });
  const suspendData = reading.suspendData;
  if (suspendData && suspendData.length > SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX)
    return refuse('cmi.suspend_data', SCORM_MESSAGES.suspendDataTooLong(suspendData.length));
  const interactions = collectionSize(records.interactions);
  if (interactions > SCORM_COMMIT_LIMITS.INTERACTIONS_MAX)
    return refuse('cmi.interactions', SCORM_MESSAGES.tooManyInteractions(interactions));
  const objectives = collectionSize(records.objectives);
  if (objectives > SCORM_COMMIT_LIMITS.OBJECTIVES_MAX) return refuse('cmi.objectives', SCORM_MESSAGES.tooManyObjectives(objectives));
  if (!knownSco) return new AppError('validation', 'This course has no such SCO.', { errors: { sco: ['This course has no such SCO.'] } });
  return null;
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

interface EnrolmentBefore {
  id: number;
  status: EnrolmentStatus;
  score: number | null;
  startedAt: Date | null;
  updatedAt: Date | null;
}

/**
 * A passed enrolment stays passed (re-watching changes nothing but its last activity); otherwise
 * status and score follow the SCOs. The enrolment is written only when its status, score or start
 * change, or its last activity is LAST_ACTIVITY_RESOLUTION_MS behind; passing goes through the
 * entity (expiry, certificate).
 */
async function applyCourseOutcome(
  em: Em | DirectTransaction,
  deps: Pick<ServiceDeps, 'jobs'>,
  before: EnrolmentBefore,
  status: ReturnType<typeof rollUpCourse>,
  score: number | null,
  now: Date,
  validityYears: number,
) {
  if (before.status !== 'passed' && status === 'passed') {
    if (em instanceof DirectTransaction) throw new Error('A commit that passes the course takes the entity manager’s transaction.');
    const enrolment: IEnrolment = await em.findOneOrFail(Enrolment, { id: before.id });
    enrolment.startedAt ??= now;
    if (score !== null) enrolment.score = score;
    enrolment.status = 'passed';
    enrolment.passedAt = now;
    enrolment.expiresAt = addYears(now, validityYears);
    await em.flush();
    await issueCertificate(em, deps, enrolment, now);
    await em.flush();
    await touchLastActivity(em, before.id, now);
    return;
  }
  const after =
    before.status === 'passed'
      ? // A pass decided before any score came (an autocommit of "completed" before the quiz) takes the first score that comes.
        { status: before.status, score: before.score ?? score, startedAt: before.startedAt }
      : { status: status === 'not_started' ? 'in_progress' : status, score: score ?? before.score, startedAt: before.startedAt ?? now };
  const changed = after.status !== before.status || after.score !== before.score || after.startedAt !== before.startedAt;
  const activityBehind = !before.updatedAt || now.getTime() - before.updatedAt.getTime() >= LAST_ACTIVITY_RESOLUTION_MS;
  if (!changed && !activityBehind) return;
  const date = (value: Date | null) => (value === null ? null : em.getPlatform().processDateProperty(value));
  await updateEnrolment(em, before.id, {
    status: after.status,
    score: after.score,
    started_at: date(after.startedAt),
    updated_at: date(now),
  });
}
