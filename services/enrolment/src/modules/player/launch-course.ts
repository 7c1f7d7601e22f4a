import type { ScoLaunch, ScoProgress, ScormVersion } from '@portal/contracts';
import {
  AppError,
  hashToken,
  randomToken,
  type CataloguePort,
  type CourseSco,
  type Em,
  type Env,
  type Principal,
} from '@portal/service-kit';
import { CONTENT_TOKEN_HOURS, contentTokenSecret, contentUrl, signContentToken } from './content-token';
import { ownEnrolment } from './enrolment-access';
import { touchLastActivity } from '../enrolments/enrolment.repository';
import { ScormAttempt, type IScoState, type IScormObjective } from './scorm.entity';
import { scoStatesOf } from './scorm.repository';
import { objectivesCmi, objectivesOf } from './scorm-records';
import { toScorm12Time, toScorm2004Time } from './scorm-time';

/** SCORM 1.2 wants 'Last, First'; names here are 'First Last' (split at the first space). */
export function scorm12Name(name: string): string {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space < 0 ? trimmed : `${trimmed.slice(space + 1)}, ${trimmed.slice(0, space)}`;
}

/**
 * Resume when the content suspended, or left the SCO unfinished (content that never sets exit,
 * or a tab closed before its unload handler ran). A finished SCO starts a fresh attempt.
 */
export function shouldResume(state: IScoState | undefined): state is IScoState {
  if (!state) return false;
  return state.exit === 'suspend' || state.progress === 'incomplete' || state.progress === 'not-attempted';
}

/** The CMI to load before Initialize (flattened keys; empty values are left out). */
export function initialCmi(
  version: ScormVersion,
  sco: CourseSco,
  learner: { id: number; name: string },
  state: IScoState | undefined,
  objectives: IScormObjective[] = [],
): Record<string, string> {
  const resume = shouldResume(state);
  const cmi: Record<string, string | null | undefined> = {};
  if (version === '1.2') {
    Object.assign(cmi, {
      'cmi.core.student_id': String(learner.id),
      'cmi.core.student_name': scorm12Name(learner.name),
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.entry': resume ? 'resume' : state ? '' : 'ab-initio',
      'cmi.student_data.mastery_score': sco.masteryScore === null ? null : String(sco.masteryScore),
      'cmi.launch_data': sco.dataFromLms,
    });
    if (resume) {
      Object.assign(cmi, {
        'cmi.core.lesson_location': state.location,
        'cmi.core.lesson_status': state.lessonStatus,
        'cmi.core.score.raw': state.scoreRaw,
        'cmi.core.score.min': state.scoreMin,
        'cmi.core.score.max': state.scoreMax,
        'cmi.core.total_time': state.totalSeconds > 0 ? toScorm12Time(state.totalSeconds) : null,
        'cmi.suspend_data': state.suspendData,
      });
    }
  } else {
    Object.assign(cmi, {
      'cmi.learner_id': String(learner.id),
      'cmi.learner_name': learner.name,
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.entry': resume ? 'resume' : 'ab-initio',
      'cmi.scaled_passing_score': sco.scaledPassingScore === null ? null : String(sco.scaledPassingScore),
      'cmi.launch_data': sco.dataFromLms,
    });
    if (resume) {
      Object.assign(cmi, {
        'cmi.location': state.location,
        'cmi.completion_status': state.completionStatus,
        'cmi.success_status': state.successStatus,
        'cmi.score.raw': state.scoreRaw,
        'cmi.score.min': state.scoreMin,
        'cmi.score.max': state.scoreMax,
        'cmi.score.scaled': state.scoreScaled,
        'cmi.total_time': state.totalSeconds > 0 ? toScorm2004Time(state.totalSeconds) : null,
        'cmi.suspend_data': state.suspendData,
        'cmi.progress_measure': state.progressMeasure,
      });
    }
  }
  // Content that looks its objectives up by id needs the manifest's; a resume gets back what was reported.
  Object.assign(cmi, objectivesCmi(version, version === '2004' ? sco.objectiveIds : [], objectives, resume));
  return Object.fromEntries(
    Object.entries(cmi).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

export const commitUrl = (attemptId: number, scoIdentifier: string, token: string) =>
  `/api/learn/attempts/${attemptId}/commit?sco=${encodeURIComponent(scoIdentifier)}&token=${encodeURIComponent(token)}`;

/** A new attempt (player session) and its launch token, which only the caller ever sees in clear. */
export async function openAttempt(
  em: Em,
  input: { enrolmentId: number; userId: number; sessionId?: string | null; now: Date },
): Promise<{ id: number; token: string }> {
  const token = randomToken(24);
  const attempt = em.create(ScormAttempt, {
    enrolmentId: input.enrolmentId,
    userId: input.userId,
    sessionId: input.sessionId ?? null,
    tokenHash: hashToken(token),
    lastSeq: 0,
    startedAt: input.now,
  });
  await em.flush();
  return { id: attempt.id, token };
}

/**
 * Opens a player session on the learner's own enrolment: a new attempt with its launch token, and
 * each SCO's resume data. `contentOrigin` is where this browser must fetch the package (kit
 * `contentOriginFor`: another site than the page's). `fromStart` (Re-watch Course) gives every SCO
 * a fresh start (no location, suspend data or reported status: entry ab-initio) and opens the first
 * one; nothing recorded is changed by launching, and a passed enrolment stays passed whatever the
 * new attempt reports (applyCourseOutcome). Its commits then replace the SCOs' saved place, as any
 * newer attempt does.
 */
export async function launchCourse(
  em: Em,
  catalogue: CataloguePort,
  principal: Principal,
  enrolmentId: number,
  now: Date,
  env: Pick<Env, 'dataDir' | 'CONTENT_TOKEN_SECRET'> & { contentOriginUrl: string },
  options: { fromStart?: boolean } = {},
) {
  const { enrollment: enrolment, course } = await ownEnrolment(em, catalogue, principal, enrolmentId);
  const pkg = await catalogue.coursePackage(enrolment.courseId);
  if (!pkg || pkg.scos.length === 0) throw new AppError('not_found', 'This course has no content yet.');
  const { id: attemptId, token } = await openAttempt(em, {
    enrolmentId: enrolment.id,
    userId: principal.userId,
    sessionId: principal.sessionId,
    now,
  });
  if (enrolment.status === 'not_started') {
    enrolment.status = 'in_progress';
    enrolment.startedAt = now;
    await em.flush();
  }
  // Opening the course is activity: its time is the enrolment's last activity (/reporting, the export).
  await touchLastActivity(em, enrolment.id, now);

  // The package is framed from the content origin, by a token good for this attempt's course only.
  const contentToken = signContentToken(contentTokenSecret(env), {
    attemptId,
    courseId: enrolment.courseId,
    expiresAt: new Date(now.getTime() + CONTENT_TOKEN_HOURS * 3600_000),
  });
  const states = await scoStatesOf(em, enrolment.id);
  const objectives = await objectivesOf(em, enrolment.id);
  const learner = { id: principal.userId, name: principal.name };
  const scos: ScoLaunch[] = pkg.scos.map((sco) => {
    const state = states.get(sco.identifier);
    const resumeFrom = options.fromStart ? undefined : state;
    return {
      identifier: sco.identifier,
      title: sco.title,
      url: contentUrl(env, contentToken, sco.href),
      commit_url: commitUrl(attemptId, sco.identifier, token),
      progress: (state?.progress ?? 'not-attempted') as ScoProgress,
      cmi: initialCmi(pkg.version, sco, learner, resumeFrom, options.fromStart ? [] : objectives.get(sco.identifier)),
    };
  });
  const firstOpen = scos.findIndex((s) => s.progress !== 'completed' && s.progress !== 'passed');
  return {
    enrollment: enrolment,
    course,
    version: pkg.version,
    attemptId,
    scos,
    startIndex: options.fromStart || firstOpen < 0 ? 0 : firstOpen,
  };
}
