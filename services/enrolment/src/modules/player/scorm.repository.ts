import { LockMode } from '@mikro-orm/core';
import type { Em, Orm } from '@portal/service-kit';
import { attemptWithEnrolment, progressMeasures } from './player.statements';
import { progressPercent } from './scorm-records';
import {
  ScoState,
  ScormAttempt,
  ScormInteraction,
  ScormLogEntry,
  ScormObjective,
  type IScoState,
  type IScormAttempt,
} from './scorm.entity';

/** Every query about SCORM attempts, SCO states and the SCORM log. */

/** An attempt; `lock`: under a row lock until the transaction ends. */
export function findAttempt(em: Em, id: number, options: { lock?: boolean } = {}): Promise<IScormAttempt | null> {
  return em.findOne(ScormAttempt, { id }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
}

/** An attempt whose enrolment still exists (a deleted enrolment or learner takes its attempts with it), for the content origin. */
export async function contentAttempt(from: Em | Orm, attemptId: number) {
  const [row] = await attemptWithEnrolment(from, attemptId);
  return row
    ? { attemptId: Number(row.id), courseId: Number(row.course_id), userId: Number(row.user_id), sessionId: row.session_id ?? null }
    : null;
}

export function findScoState(em: Em, enrolmentId: number, scoIdentifier: string): Promise<IScoState | null> {
  return em.findOne(ScoState, { enrolmentId, scoIdentifier });
}

/** An enrolment's SCO states by SCO identifier. */
export async function scoStatesOf(em: Em, enrolmentId: number): Promise<Map<string, IScoState>> {
  const states: IScoState[] = await em.find(ScoState, { enrolmentId });
  return new Map(states.map((s) => [s.scoIdentifier, s]));
}

/** The attempts, SCO states and SCORM log of these enrolments. */
export async function deleteScormDataOf(em: Em, enrolmentIds: number[]): Promise<void> {
  if (enrolmentIds.length === 0) return;
  const byEnrolment = { enrolmentId: { $in: enrolmentIds } };
  await em.nativeDelete(ScormLogEntry, byEnrolment);
  await em.nativeDelete(ScormObjective, byEnrolment);
  await em.nativeDelete(ScormInteraction, byEnrolment);
  await em.nativeDelete(ScoState, byEnrolment);
  await em.nativeDelete(ScormAttempt, byEnrolment);
}

/**
 * Each enrolment's progress (0–100) from its SCOs' progress measures; enrolments whose SCOs report
 * none are left out. Plain rows: the learner dashboard asks on every visit.
 */
export async function progressOfEnrolments(em: Em | Orm, enrolmentIds: number[]): Promise<Map<number, number>> {
  if (enrolmentIds.length === 0) return new Map();
  const states = await progressMeasures(em, enrolmentIds);
  const byEnrolment = new Map<number, string[]>();
  for (const s of states) {
    const id = Number(s.enrollment_id);
    byEnrolment.set(id, [...(byEnrolment.get(id) ?? []), String(s.progress_measure)]);
  }
  const out = new Map<number, number>();
  for (const [id, measures] of byEnrolment) {
    const percent = progressPercent(measures);
    if (percent !== null) out.set(id, percent);
  }
  return out;
}
