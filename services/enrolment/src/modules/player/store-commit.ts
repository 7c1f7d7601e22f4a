import { SCORM_COMMIT_LIMITS, SCORM_MESSAGES, type ScoProgress } from '@portal/contracts';
import { AppError, countAttempt, hashToken, safeEqual, type AttemptLimit, type CataloguePort, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { findEnrollment } from '../enrollments/enrollment.repository';
import { addYears } from '../certificates/certificate';
import { issueCertificate } from '../certificates/issue-certificate';
import { ScoState, ScormLogEntry } from './scorm.entity';
import { findAttempt, findScoState, scoStatesOf } from './scorm.repository';
import { completeUntouchedSco, courseScore, readCommit, rollUpCourse, scoProgress, scorePercent, type CommitReading } from './scorm-status';
import { parseScormDuration } from './scorm-time';
import { readInteractions, readObjectives, readProgressMeasure, storeRecords } from './scorm-records';

export interface CommitInput {
  attemptId: number;
  sco: string;
  token: string;
  isFinal: boolean;
  seq: number;
  cmi: Record<string, unknown>;
}

/** Commits that cannot be matched to the caller's own launch all look the same. */
const unknownLaunch = () => new AppError('not_found', 'This course session was not found. Reopen the course.');

/** The caller's own attempt (by its launch token) and its enrolment, or the unknown-launch error. */
async function ownLaunch(em: Em, principal: Principal, input: CommitInput, options: { lock?: boolean } = {}) {
  const attempt = await findAttempt(em, input.attemptId, options);
  if (!attempt || attempt.userId !== principal.userId || !safeEqual(attempt.tokenHash, hashToken(input.token))) throw unknownLaunch();
  const enrollment = await findEnrollment(em, attempt.enrollmentId);
  if (!enrollment || enrollment.userId !== principal.userId) throw unknownLaunch();
  return { attempt, enrollment };
}

/** Commits per attempt a minute (SCORM_COMMIT_LIMITS): final ones in a bucket of their own. */
export const commitLimit = (attemptId: number, isFinal: boolean): AttemptLimit =>
  isFinal
    ? { bucket: `scorm-final-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.FINAL_COMMITS_PER_MINUTE, windowSeconds: 60 }
    : { bucket: `scorm-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE, windowSeconds: 60 };

/**
 * Stores one commit: the learner's SCORM log gets a row, the SCO's state moves on, and the
 * enrolment's status and score follow from all its SCOs. Commits are numbered; see isStaleCommit
 * for which ones change nothing.
 * The package and the certificate validity come from catalogue first: a port is never called
 * inside a transaction.
 */
export async function storeCommit(em: Em, catalogue: CataloguePort, principal: Principal, input: CommitInput, now: Date, deps: Pick<ServiceDeps, 'jobs'>): Promise<{ applied: boolean }> {
  const launched = await ownLaunch(em.fork(), principal, input);
  // Checked after the launch token, so nobody can use up another learner's allowance.
  const limit = commitLimit(launched.attempt.id, input.isFinal);
  await countAttempt(em, [limit], now, 'saves from this course in a minute');
  // Refused whole before anything is written: the state saved before stays as it was.
  const suspendData = readCommit('2004', input.cmi).suspendData ?? readCommit('1.2', input.cmi).suspendData;
  if (suspendData && suspendData.length > SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX) {
    const message = SCORM_MESSAGES.suspendDataTooLong(suspendData.length);
    throw new AppError('validation', message, { errors: { 'cmi.suspend_data': [message] } });
  }
  const { courseId, companyId } = launched.enrollment;
  const [pkg, [course]] = await Promise.all([catalogue.coursePackage(courseId), catalogue.coursesByIds([courseId], { companyId })]);
  const sco = pkg?.scos.find((s) => s.identifier === input.sco);
  if (!pkg || !sco) throw new AppError('validation', 'This course has no such SCO.', { errors: { sco: ['This course has no such SCO.'] } });
  const validityYears = course?.validityYears ?? 1;

  return em.transactional(async (tx) => {
    const { attempt, enrollment } = await ownLaunch(tx, principal, input, { lock: true });

    const existing = await findScoState(tx, enrollment.id, sco.identifier);
    if (isStaleCommit(existing, attempt.id, input.seq)) return { applied: false };

    attempt.lastSeq = Math.max(attempt.lastSeq, input.seq);
    attempt.lastCommitAt = now;
    if (input.isFinal) attempt.finishedAt = now;

    let reading: CommitReading = readCommit(pkg.version, input.cmi);
    if (input.isFinal) reading = completeUntouchedSco(pkg.version, reading);
    const rules = { masteryScore: sco.masteryScore, scaledPassingScore: sco.scaledPassingScore, passMark: pkg.passMark };
    let progress: ScoProgress = scoProgress(pkg.version, reading, rules);
    // A SCO that has talked to the LMS has been attempted, whatever its status says.
    if (progress === 'not-attempted') progress = 'incomplete';

    tx.create(ScormLogEntry, {
      userId: principal.userId,
      enrollmentId: enrollment.id,
      attemptId: attempt.id,
      scoIdentifier: sco.identifier,
      seq: input.seq,
      isFinal: input.isFinal,
      slideLocation: reading.location,
      lessonStatus: pkg.version === '1.2' ? reading.lessonStatus : (reading.successStatus && reading.successStatus !== 'unknown' ? reading.successStatus : reading.completionStatus),
      sessionTime: reading.sessionTime?.slice(0, 64) ?? null,
      sessionSeconds: parseScormDuration(reading.sessionTime),
      scoreRaw: reading.scoreRaw?.slice(0, 32) ?? null,
      scoreMin: reading.scoreMin?.slice(0, 32) ?? null,
      scoreMax: reading.scoreMax?.slice(0, 32) ?? null,
      totalTime: reading.totalTime?.slice(0, 64) ?? null,
      suspendData: reading.suspendData,
      exit: reading.exit?.slice(0, 32) ?? null,
      createdAt: now,
    });

    // total_time in a final commit already includes the session: it is taken as sent, never added to.
    // The wall time of a session is kept on its attempt (started_at, last_commit_at).
    const totalSeconds = parseScormDuration(reading.totalTime);
    const fields = {
      attemptId: attempt.id,
      seq: input.seq,
      progress,
      lessonStatus: reading.lessonStatus?.slice(0, 32) ?? null,
      completionStatus: reading.completionStatus?.slice(0, 32) ?? null,
      successStatus: reading.successStatus?.slice(0, 32) ?? null,
      location: reading.location,
      suspendData: reading.suspendData,
      scoreRaw: reading.scoreRaw?.slice(0, 32) ?? null,
      scoreMin: reading.scoreMin?.slice(0, 32) ?? null,
      scoreMax: reading.scoreMax?.slice(0, 32) ?? null,
      scoreScaled: reading.scoreScaled?.slice(0, 32) ?? null,
      totalTime: reading.totalTime?.slice(0, 64) ?? null,
      totalSeconds: totalSeconds ?? existing?.totalSeconds ?? 0,
      exit: reading.exit?.slice(0, 32) ?? null,
      progressMeasure: readProgressMeasure(pkg.version, input.cmi),
      updatedAt: now,
    };
    if (existing) Object.assign(existing, fields);
    else tx.create(ScoState, { enrollmentId: enrollment.id, scoIdentifier: sco.identifier, ...fields });
    await storeRecords(tx, { enrollmentId: enrollment.id, attemptId: attempt.id, scoIdentifier: sco.identifier }, readObjectives(pkg.version, input.cmi), readInteractions(pkg.version, input.cmi), now);

    const states = await scoStatesOf(tx, enrollment.id);
    const progressOfScos = pkg.scos.map((s) => (states.get(s.identifier)?.progress ?? 'not-attempted') as ScoProgress);
    const score = courseScore(pkg.scos.map((s) => {
      const state = states.get(s.identifier);
      return state ? scorePercent(state) : null;
    }));
    await applyCourseOutcome(tx, deps, enrollment, rollUpCourse(progressOfScos), score, now, validityYears);
    return { applied: true };
  });
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
 * A passed enrolment stays passed (re-watching changes nothing); otherwise status and score follow
 * the SCOs. A pass decided before any score was reported (content that sets completed, and an
 * autocommit sends it before the quiz) still takes the first score that comes: it never had one.
 */
async function applyCourseOutcome(em: Em, deps: Pick<ServiceDeps, 'jobs'>, enrollment: IEnrollment, status: ReturnType<typeof rollUpCourse>, score: number | null, now: Date, validityYears: number) {
  if (enrollment.status === 'passed') {
    if (enrollment.score === null && score !== null) {
      enrollment.score = score;
      await em.flush();
    }
    return;
  }
  enrollment.startedAt ??= now;
  if (score !== null) enrollment.score = score;
  if (status === 'passed') {
    enrollment.status = 'passed';
    enrollment.passedAt = now;
    enrollment.expiresAt = addYears(now, validityYears);
    await em.flush();
    await issueCertificate(em, deps, enrollment, now);
  } else {
    enrollment.status = status === 'not_started' ? 'in_progress' : status;
  }
  await em.flush();
}
