import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { SCORM_COMMIT_LIMITS } from '../texts';

/** The learner's side of a course: the SCORM player's launch and commits, and the course activities. */

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** Where a SCO stands for the learner, whatever the SCORM version said. */
export const SCO_PROGRESS = ['not-attempted', 'incomplete', 'completed', 'passed', 'failed'] as const;
export type ScoProgress = (typeof SCO_PROGRESS)[number];

const enrolmentParams = z.object({ enrollmentId: idParam });

export const learningEnrolmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(['not_started', 'in_progress', 'passed', 'failed']),
  score: z.number().int().nullable(),
  passed_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  certificate_code: z.string().nullable(),
});

const courseSummarySchema = z.object({ id: z.number().int(), name: z.string(), has_bridging: z.boolean() });

export const learnCourse = defineRoute({
  name: 'learn.course',
  method: 'GET',
  path: '/api/learn/{enrollmentId}',
  service: 'enrolment',
  access: 'signed-in',
  summary: 'The enrolled learner’s view of one enrolment: course, status, score and where finishing leads. Anyone else gets 404.',
  params: enrolmentParams,
  response: z.object({
    enrollment: learningEnrolmentSchema,
    course: courseSummarySchema,
    finish_url: z.string(),
    activities_url: z.string().nullable(),
  }),
});

export const scoLaunchSchema = z.object({
  identifier: z.string(),
  title: z.string(),
  /** Same-origin URL of the SCO's launch file, with the manifest's parameters. */
  url: z.string(),
  /** This attempt's commit URL for the SCO (carries the launch token). */
  commit_url: z.string(),
  progress: z.enum(SCO_PROGRESS),
  /** Flattened CMI (`cmi.core.lesson_location` …) to load before the content calls Initialize. */
  cmi: z.record(z.string(), z.string()),
});
export type ScoLaunch = z.infer<typeof scoLaunchSchema>;

/** Re-watch Course launches `from=start`; without it a launch resumes where the learner left off. */
export const LAUNCH_FROM = ['start'] as const;

export const learnLaunch = defineRoute({
  name: 'learn.launch',
  method: 'POST',
  path: '/api/learn/{enrollmentId}/launch',
  service: 'enrolment',
  access: 'signed-in',
  summary:
    'Starts a player session (an attempt) for the enrolled learner: SCOs with resume data and commit URLs. `from=start` (Re-watch Course) opens the first SCO from its first page, without resume data; the recorded result stays. Anyone else gets 404.',
  params: enrolmentParams,
  query: z.strictObject({ from: z.enum(LAUNCH_FROM, { error: 'Launch from the start, or leave it out to resume.' }).optional() }),
  response: z.object({
    enrollment: learningEnrolmentSchema,
    course: courseSummarySchema,
    version: z.enum(SCORM_VERSIONS),
    attempt_id: z.number().int(),
    /** The SCO to open first: the first one not yet completed (the first of all from the start). */
    start_index: z.number().int().min(0),
    scos: z.array(scoLaunchSchema).min(1),
    finish_url: z.string(),
  }),
});

export { SCORM_COMMIT_LIMITS, SCORM_MESSAGES } from '../texts';

/** scorm-again's JSON commit (`{ cmi: {…} }`) plus the player's own sequence number. */
export const scormCommitBody = z.object({
  cmi: z.record(z.string(), z.unknown(), { error: 'Send the runtime data under cmi.' }),
  seq: z.number({ error: 'Number each commit.' }).int('Number each commit.').positive('Number each commit.'),
});

export const learnCommit = defineRoute({
  name: 'learn.commit',
  method: 'POST',
  path: '/api/learn/attempts/{attemptId}/commit',
  service: 'enrolment',
  access: 'signed-in',
  // The final commit goes by navigator.sendBeacon (no custom headers): the launch token in the URL stands in for XSRF.
  xsrf: 'launch-token',
  summary:
    'Stores one SCORM commit of a SCO in the learner’s SCORM log and updates the enrolment. A repeated or late (lower-numbered) commit changes nothing. Accepts text/plain JSON (sendBeacon).',
  params: z.object({ attemptId: idParam }),
  query: z.object({
    sco: z.string({ error: 'Name the SCO.' }).min(1, 'Name the SCO.').max(191, 'That SCO identifier is too long.'),
    token: z
      .string({ error: 'The launch token is missing.' })
      .min(16, 'The launch token is not valid.')
      .max(128, 'The launch token is not valid.'),
    final: z.enum(['true', 'false']).optional(),
  }),
  body: scormCommitBody,
  // Room for suspend data at its cap (up to 3 bytes a character) with 10,000 interactions and
  // objectives (SCORM_COMMIT_LIMITS), so a commit over a limit gets SCORM_MESSAGES' clear answer
  // rather than a bare 413.
  bodyLimit: SCORM_COMMIT_LIMITS.BODY_MAX_BYTES,
  // Numbered: a repeat is recognised and changes nothing.
  repeatable: true,
  response: z.object({
    result: z.literal(true),
    errorCode: z.literal(0),
    /** Stored now; false for a repeat (already stored) or a superseded commit. */
    applied: z.boolean(),
    /** A newer attempt (another tab or device) saved this SCO since: the player reloads from the server. */
    superseded: z.boolean(),
  }),
});

export const learnerActivitySchema = z.object({
  /** The course activity's id (the one in /learn/{enrolmentId}/activities/{activityId}). */
  id: z.number().int(),
  completed_at: z.string().nullable(),
  activity_template: z.object({
    name: z.string(),
    description: z.string(),
    /** URL of the attached file; the page shows it by its extension. */
    file: z.string().nullable(),
  }),
});
export type LearnerActivity = z.infer<typeof learnerActivitySchema>;

export const learnActivities = defineRoute({
  name: 'learn.activities',
  method: 'GET',
  path: '/api/learn/{enrollmentId}/activities',
  service: 'enrolment',
  access: 'signed-in',
  summary: 'The course activities of the enrolled learner’s course, with completion. Anyone else gets 404.',
  params: enrolmentParams,
  response: z.object({
    enrollment: learningEnrolmentSchema,
    course: courseSummarySchema,
    certificate_url: z.string().nullable(),
    activities: z.array(learnerActivitySchema),
  }),
});

export const activityCodeBody = z.object({
  // Free text, sent as typed: the server compares it to the activity's code.
  code: z.string({ error: 'Enter the activity code.' }).min(1, 'Enter the activity code.').max(64, 'That code is too long.'),
});

export const completeActivity = defineRoute({
  name: 'learn.activities.complete',
  method: 'POST',
  path: '/learn/{enrollmentId}/activities/{activityId}',
  service: 'enrolment',
  access: 'signed-in',
  summary: 'The enrolled learner completes a course activity with the code given on site.',
  params: z.object({ enrollmentId: idParam, activityId: idParam }),
  body: activityCodeBody,
  response: z.object({ success: z.literal(true), message: z.string(), activity: learnerActivitySchema }),
});

export const activityCode = defineRoute({
  name: 'learn.activities.code',
  method: 'GET',
  path: '/api/learn/{enrollmentId}/activities/{activityId}/code',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary: 'For the enrolment’s company managers: the code a learner enters to complete the activity.',
  params: z.object({ enrollmentId: idParam, activityId: idParam }),
  response: z.object({
    enrollment_id: z.number().int(),
    activity_id: z.number().int(),
    activity_name: z.string(),
    code: z.string(),
    course_name: z.string(),
    learner_name: z.string(),
    activities_url: z.string(),
  }),
});

export const learningRoutes = [learnCourse, learnLaunch, learnCommit, learnActivities, completeActivity, activityCode] as const;
