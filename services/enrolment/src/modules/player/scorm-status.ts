import type { ScoProgress, ScormVersion } from '@portal/contracts';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

/** What one commit says, read from scorm-again's JSON (`{ cmi: { core: {…} } }`) or a flattened form. */
export interface CommitReading {
  location: string | null;
  /** SCORM 1.2 cmi.core.lesson_status. */
  lessonStatus: string | null;
  /** SCORM 2004 cmi.completion_status and cmi.success_status. */
  completionStatus: string | null;
  successStatus: string | null;
  scoreRaw: string | null;
  scoreMin: string | null;
  scoreMax: string | null;
  scoreScaled: string | null;
  sessionTime: string | null;
  totalTime: string | null;
  suspendData: string | null;
  exit: string | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

/** `cmi.core.score.raw` from nested JSON, or from a flattened key, whichever the commit has. */
function pick(cmi: Record<string, unknown>, path: string): string | null {
  let node: unknown = cmi;
  for (const key of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return text(node) ?? text(cmi[`cmi.${path}`]) ?? text(cmi[path]);
}

export function readCommit(version: ScormVersion, cmi: Record<string, unknown>): CommitReading {
  if (version === '1.2') {
    return {
      location: pick(cmi, 'core.lesson_location'),
      lessonStatus: pick(cmi, 'core.lesson_status'),
      completionStatus: null,
      successStatus: null,
      scoreRaw: pick(cmi, 'core.score.raw'),
      scoreMin: pick(cmi, 'core.score.min'),
      scoreMax: pick(cmi, 'core.score.max'),
      scoreScaled: null,
      sessionTime: pick(cmi, 'core.session_time'),
      totalTime: pick(cmi, 'core.total_time'),
      suspendData: pick(cmi, 'suspend_data'),
      exit: pick(cmi, 'core.exit'),
    };
  }
  return {
    location: pick(cmi, 'location'),
    lessonStatus: null,
    completionStatus: pick(cmi, 'completion_status'),
    successStatus: pick(cmi, 'success_status'),
    scoreRaw: pick(cmi, 'score.raw'),
    scoreMin: pick(cmi, 'score.min'),
    scoreMax: pick(cmi, 'score.max'),
    scoreScaled: pick(cmi, 'score.scaled'),
    sessionTime: pick(cmi, 'session_time'),
    totalTime: pick(cmi, 'total_time'),
    suspendData: pick(cmi, 'suspend_data'),
    exit: pick(cmi, 'exit'),
  };
}

/**
 * A SCO that ends its session (the final commit) without ever setting a status counts as
 * completed: SCORM 1.2 RTE 3.4.4 for LMSFinish, and the same for 2004 content that leaves
 * completion 'unknown'. scorm-again 3.4.3 sends 'not attempted' here, so the server decides.
 * Not a session left with exit 'suspend' (the learner, or the player for a page closed or
 * reloaded mid-course, means to come back): it stays where it was.
 */
export function completeUntouchedSco(version: ScormVersion, reading: CommitReading): CommitReading {
  if (reading.exit === 'suspend') return reading;
  if (version === '1.2') {
    return !reading.lessonStatus || reading.lessonStatus === 'not attempted' ? { ...reading, lessonStatus: 'completed' } : reading;
  }
  const decided = reading.successStatus === 'passed' || reading.successStatus === 'failed';
  const untouched = !reading.completionStatus || reading.completionStatus === 'unknown' || reading.completionStatus === 'not attempted';
  return !decided && untouched ? { ...reading, completionStatus: 'completed' } : reading;
}

const num = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/** The score as a whole percentage: the scaled score, else raw within min–max (0–100 by default). */
export function scorePercent(score: { [K in 'scoreRaw' | 'scoreMin' | 'scoreMax' | 'scoreScaled']?: string | null }): number | null {
  const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
  const scaled = num(score.scoreScaled);
  if (scaled !== null) return clamp(scaled * 100);
  const raw = num(score.scoreRaw);
  if (raw === null) return null;
  const min = num(score.scoreMin) ?? 0;
  const max = num(score.scoreMax) ?? 100;
  return max > min ? clamp(((raw - min) / (max - min)) * 100) : clamp(raw);
}

export interface PassingRules {
  /** SCORM 1.2 adlcp:masteryscore (0–100). */
  masteryScore: number | null;
  /** SCORM 2004 primary objective's minNormalizedMeasure (-1–1). */
  scaledPassingScore: number | null;
  /**
   * The course's pass mark (0–100), for a SCO without a passing score of its own: when the content
   * reports a score and no success, the score against it decides (issue 13 item 8).
   */
  passMark?: number | null;
}

/**
 * Where a SCO stands. 1.2: 'passed' counts as complete; with a mastery score, a reported score
 * decides pass or fail once the learner is done (or passes outright: some authoring tools
 * report a score and never send completed or passed). 2004: success_status when the content
 * sets one, otherwise the scaled score against the manifest's scaled passing score.
 */
export function scoProgress(version: ScormVersion, reading: CommitReading, rules: PassingRules): ScoProgress {
  if (version === '1.2') {
    const status = reading.lessonStatus ?? '';
    const raw = num(reading.scoreRaw);
    if (rules.masteryScore !== null && raw !== null) {
      if (raw >= rules.masteryScore) return 'passed';
      if (status === 'completed' || status === 'passed' || status === 'failed') return 'failed';
    }
    const byMark =
      rules.masteryScore === null && status !== 'passed' && status !== 'failed'
        ? byPassMark(reading, rules.passMark, status === 'completed')
        : null;
    if (byMark) return byMark;
    if (status === 'passed' || status === 'failed' || status === 'completed') return status;
    if (status === 'incomplete' || status === 'browsed') return 'incomplete';
    return 'not-attempted';
  }
  if (reading.successStatus === 'passed' || reading.successStatus === 'failed') return reading.successStatus;
  const completed = reading.completionStatus === 'completed';
  if (rules.scaledPassingScore !== null) {
    const percent = scorePercent(reading);
    const scaled = num(reading.scoreScaled) ?? (percent === null ? null : percent / 100);
    if (scaled !== null) {
      if (scaled >= rules.scaledPassingScore) return 'passed';
      if (completed) return 'failed';
    }
  }
  const byMark = rules.scaledPassingScore === null ? byPassMark(reading, rules.passMark, completed) : null;
  if (byMark) return byMark;
  if (completed) return 'completed';
  if (reading.completionStatus === 'incomplete') return 'incomplete';
  return 'not-attempted';
}

/** The course pass mark's verdict on a reported score: passed at or above it, failed below it once completed, else none. */
function byPassMark(reading: CommitReading, passMark: number | null | undefined, completed: boolean): 'passed' | 'failed' | null {
  if (passMark === null || passMark === undefined) return null;
  const score = scorePercent(reading);
  if (score === null) return null;
  if (score >= passMark) return 'passed';
  return completed ? 'failed' : null;
}

/** The course from its SCOs: passed when every SCO is completed or passed, failed when one failed. */
export function rollUpCourse(progress: ScoProgress[]): Exclude<EnrolmentStatus, 'not_started'> | 'not_started' {
  if (progress.length > 0 && progress.every((p) => p === 'completed' || p === 'passed')) return 'passed';
  if (progress.includes('failed')) return 'failed';
  return progress.some((p) => p !== 'not-attempted') ? 'in_progress' : 'not_started';
}

/** The course's score: the mean of the SCOs that report one. */
export function courseScore(scores: (number | null)[]): number | null {
  const known = scores.filter((s): s is number => s !== null);
  return known.length === 0 ? null : Math.round(known.reduce((a, b) => a + b, 0) / known.length);
}
