import { hashToken, randomToken, type Em } from '@portal/service-kit';
import { ScormAttempt, ScormInteraction, ScormLogEntry, ScormObjective } from './scorm.entity';

/** An objective as an attempt reported it. */
export interface RecordedObjective {
  id: string;
  successStatus?: string | null;
  completionStatus?: string | null;
  scoreRaw?: string | null;
  scoreMin?: string | null;
  scoreMax?: string | null;
  scoreScaled?: string | null;
}

/** An interaction as an attempt reported it (field names as stored, for 1.2 and 2004 alike). */
export interface RecordedInteraction {
  id: string;
  type?: string | null;
  description?: string | null;
  learnerResponse?: string | null;
  correctResponses?: string[];
  result?: string | null;
  weighting?: string | null;
  latency?: string | null;
  timestamp?: string | null;
}

export interface AnsweredAttempt {
  enrolmentId: number;
  userId: number;
  scoIdentifier: string;
  startedAt: Date;
  /** The final save; the attempt ends there. */
  finishedAt: Date;
  lessonStatus: string | null;
  scoreRaw?: string | null;
  scoreMin?: string | null;
  scoreMax?: string | null;
  sessionSeconds?: number | null;
  objectives?: RecordedObjective[];
  interactions?: RecordedInteraction[];
}

/**
 * A finished attempt with its final log entry, objectives and interactions, as the player would
 * have stored them: for the demo data and for other services' tests (reporting's answers view),
 * which may not drive the player.
 */
export async function recordAnsweredAttempt(em: Em, input: AnsweredAttempt): Promise<{ attemptId: number }> {
  const attempt = em.create(ScormAttempt, {
    enrolmentId: input.enrolmentId,
    userId: input.userId,
    tokenHash: hashToken(randomToken(24)),
    lastSeq: 1,
    startedAt: input.startedAt,
    lastCommitAt: input.finishedAt,
    finishedAt: input.finishedAt,
  });
  await em.flush();
  const where = { enrolmentId: input.enrolmentId, attemptId: attempt.id, scoIdentifier: input.scoIdentifier };
  em.create(ScormLogEntry, {
    userId: input.userId,
    ...where,
    seq: 1,
    isFinal: true,
    lessonStatus: input.lessonStatus,
    sessionSeconds: input.sessionSeconds ?? null,
    scoreRaw: input.scoreRaw ?? null,
    scoreMin: input.scoreMin ?? null,
    scoreMax: input.scoreMax ?? null,
    createdAt: input.finishedAt,
  });
  for (const [position, o] of (input.objectives ?? []).entries()) {
    em.create(ScormObjective, {
      ...where,
      objectiveId: o.id,
      position,
      successStatus: o.successStatus ?? null,
      completionStatus: o.completionStatus ?? null,
      scoreRaw: o.scoreRaw ?? null,
      scoreMin: o.scoreMin ?? null,
      scoreMax: o.scoreMax ?? null,
      scoreScaled: o.scoreScaled ?? null,
      progressMeasure: null,
      updatedAt: input.finishedAt,
    });
  }
  const count = input.interactions?.length ?? 0;
  for (const [position, i] of (input.interactions ?? []).entries()) {
    // Spread over the attempt, in order, as a learner answers.
    const recordedAt = new Date(
      input.startedAt.getTime() + ((input.finishedAt.getTime() - input.startedAt.getTime()) * (position + 1)) / (count + 1),
    );
    em.create(ScormInteraction, {
      ...where,
      position,
      interactionId: i.id,
      type: i.type ?? null,
      description: i.description ?? null,
      learnerResponse: i.learnerResponse ?? null,
      correctResponses: i.correctResponses?.length ? JSON.stringify(i.correctResponses) : null,
      result: i.result ?? null,
      weighting: i.weighting ?? null,
      latency: i.latency ?? null,
      timestamp: i.timestamp ?? null,
      recordedAt,
      updatedAt: input.finishedAt,
    });
  }
  await em.flush();
  return { attemptId: attempt.id };
}
