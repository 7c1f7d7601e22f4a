import { LockMode } from '@mikro-orm/core';
import type { Em } from '@portal/service-kit';
import { ScoState, ScormAttempt, ScormLogEntry, type IScoState, type IScormAttempt } from './scorm.entity';

/** Every query about SCORM attempts, SCO states and the SCORM log. */

/** An attempt; `lock`: under a row lock until the transaction ends. */
export function findAttempt(em: Em, id: number, options: { lock?: boolean } = {}): Promise<IScormAttempt | null> {
  return em.findOne(ScormAttempt, { id }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
}

export function findScoState(em: Em, enrollmentId: number, scoIdentifier: string): Promise<IScoState | null> {
  return em.findOne(ScoState, { enrollmentId, scoIdentifier });
}

/** An enrolment's SCO states by SCO identifier. */
export async function scoStatesOf(em: Em, enrollmentId: number): Promise<Map<string, IScoState>> {
  const states: IScoState[] = await em.find(ScoState, { enrollmentId });
  return new Map(states.map((s) => [s.scoIdentifier, s]));
}

/** The attempts, SCO states and SCORM log of these enrolments. */
export async function deleteScormDataOf(em: Em, enrollmentIds: number[]): Promise<void> {
  if (enrollmentIds.length === 0) return;
  const byEnrollment = { enrollmentId: { $in: enrollmentIds } };
  await em.nativeDelete(ScormLogEntry, byEnrollment);
  await em.nativeDelete(ScoState, byEnrollment);
  await em.nativeDelete(ScormAttempt, byEnrollment);
}
