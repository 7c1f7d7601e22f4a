import { describe, expect, it } from 'vitest';
import { SCORM_COMMIT_LIMITS } from '@portal/contracts';
import { type AppError, hashToken, type CoursePackage } from '@portal/service-kit';
import type { LockedRow, StateRow } from './player.statements';
import {
  admitCommit,
  checkLaunch,
  decideCommit,
  enrolmentChange,
  LAST_ACTIVITY_RESOLUTION_MS,
  type AdmittedCommit,
  type EnrolmentBefore,
  type LaunchFacts,
} from './store-commit-decision';

// Table tests of the commit's decision (store-commit-decision.ts): rows of plain input → the
// expected decision, a row per branch.

const NOW = new Date('2026-11-29T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const LIMIT = { bucket: 'scorm-commit:7', max: 2, windowSeconds: 60 };
const launch: LaunchFacts = { userId: 1, tokenHash: hashToken('token'), enrolmentUserId: 1, courseId: 3, companyId: 4, limitRows: [] };

/** What a refusal or an answer looks like in a table: the error's code and message, or the value. */
const shapeOf = (result: { refused: AppError } | object) =>
  'refused' in result ? { refused: result.refused.code, message: result.refused.message, details: result.refused.details } : result;

describe('checkLaunch', () => {
  const rows: [string, Partial<Parameters<typeof checkLaunch>[0]>, unknown][] = [
    ['no launch', { launch: null }, { refused: 'not_found' }],
    ['another learner’s launch', { userId: 2 }, { refused: 'not_found' }],
    ['a wrong token', { token: 'other' }, { refused: 'not_found' }],
    ['an enrolment of another learner', { launch: { ...launch, enrolmentUserId: 2 } }, { refused: 'not_found' }],
    ['the content origin’s grant', { token: { grantedByContentOrigin: true } }, { staleIds: [] }],
    [
      'rows past the window: counted out, to be pruned',
      { launch: { ...launch, limitRows: [{ id: 9, created_at: ago(61_000) }] } },
      { staleIds: [9] },
    ],
    [
      'the limit reached in the window',
      {
        launch: {
          ...launch,
          limitRows: [
            { id: 10, created_at: ago(1_000) },
            { id: 11, created_at: ago(2_000) },
          ],
        },
      },
      { refused: 'rate_limited' },
    ],
  ];
  it.each(rows)('%s', (_name, facts, expected) => {
    const result = checkLaunch({ launch, userId: 1, token: 'token', limit: LIMIT, now: NOW, ...facts });
    expect(shapeOf(result)).toMatchObject(expected as object);
  });
});

const sco = (identifier: string) => ({
  identifier,
  title: identifier,
  href: `${identifier}.html`,
  masteryScore: null,
  dataFromLms: null,
  scaledPassingScore: null,
  objectiveIds: [],
});
const pkg: CoursePackage = { courseId: 3, version: '2004', scos: [sco('a'), sco('b')], passMark: null };

describe('admitCommit', () => {
  const rows: [string, CoursePackage | null, { sco?: string; isFinal?: boolean; cmi: Record<string, unknown> }, unknown][] = [
    [
      'suspend data over the limit',
      pkg,
      { cmi: { suspend_data: 'x'.repeat(SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX + 1) } },
      { refused: 'validation', details: { errors: { 'cmi.suspend_data': [expect.any(String)] } } },
    ],
    [
      'interactions over the limit (counted by their highest index)',
      pkg,
      { cmi: { [`cmi.interactions.${SCORM_COMMIT_LIMITS.INTERACTIONS_MAX}.id`]: 'q' } },
      { refused: 'validation', details: { errors: { 'cmi.interactions': [expect.any(String)] } } },
    ],
    [
      'objectives over the limit',
      pkg,
      { cmi: { [`cmi.objectives.${SCORM_COMMIT_LIMITS.OBJECTIVES_MAX}.id`]: 'o' } },
      { refused: 'validation', details: { errors: { 'cmi.objectives': [expect.any(String)] } } },
    ],
    ['an unknown SCO', pkg, { sco: 'z', cmi: {} }, { refused: 'validation', message: 'This course has no such SCO.' }],
    ['a course without a package', null, { cmi: {} }, { refused: 'validation', message: 'This course has no such SCO.' }],
    ['a SCO that says nothing: attempted all the same', pkg, { cmi: {} }, { progress: 'incomplete', mayPass: false }],
    ['a completed SCO: it may pass the course', pkg, { cmi: { completion_status: 'completed' } }, { progress: 'completed', mayPass: true }],
    ['a failed SCO', pkg, { cmi: { success_status: 'failed' } }, { progress: 'failed', mayPass: false }],
    ['a final commit of an untouched SCO completes it', pkg, { isFinal: true, cmi: {} }, { progress: 'completed', mayPass: true }],
    [
      'a final commit left suspended stays where it was',
      pkg,
      { isFinal: true, cmi: { exit: 'suspend' } },
      { progress: 'incomplete', mayPass: false },
    ],
  ];
  it.each(rows)('%s', (_name, given, input, expected) => {
    const result = admitCommit(given, { sco: input.sco ?? 'a', isFinal: input.isFinal ?? false, cmi: input.cmi });
    expect(shapeOf(result)).toMatchObject(expected as object);
  });
});

describe('enrolmentChange', () => {
  const before = (fields: Partial<EnrolmentBefore>): EnrolmentBefore => ({
    status: 'in_progress',
    score: null,
    startedAt: ago(3_600_000),
    updatedAt: ago(1_000),
    ...fields,
  });
  const rows: [string, EnrolmentBefore, { status: 'passed' | 'failed' | 'in_progress' | 'not_started'; score: number | null }, unknown][] =
    [
      [
        'the course passes: pass date, expiry a validity later, the start kept',
        before({}),
        { status: 'passed', score: 80 },
        { kind: 'pass', score: 80, startedAt: ago(3_600_000), passedAt: NOW, expiresAt: new Date('2029-11-29T12:00:00Z') },
      ],
      [
        'passing without a score keeps the one before',
        before({ score: 40, startedAt: null }),
        { status: 'passed', score: null },
        { kind: 'pass', score: 40, startedAt: NOW },
      ],
      [
        'a passed enrolment stays passed, taking its first score',
        before({ status: 'passed' }),
        { status: 'failed', score: 55 },
        { kind: 'update', status: 'passed', score: 55 },
      ],
      [
        'a passed enrolment with a score, touched recently: nothing',
        before({ status: 'passed', score: 70 }),
        { status: 'failed', score: 55 },
        { kind: 'none' },
      ],
      ['a status that changes', before({}), { status: 'failed', score: null }, { kind: 'update', status: 'failed', score: null }],
      [
        'not started becomes in progress, started now',
        before({ status: 'not_started', startedAt: null }),
        { status: 'not_started', score: null },
        { kind: 'update', status: 'in_progress', startedAt: NOW },
      ],
      ['a new score', before({ score: 10 }), { status: 'in_progress', score: 20 }, { kind: 'update', score: 20 }],
      ['nothing changes, last activity recent: nothing written', before({}), { status: 'in_progress', score: null }, { kind: 'none' }],
      [
        'nothing changes, last activity a resolution behind: written',
        before({ updatedAt: ago(LAST_ACTIVITY_RESOLUTION_MS) }),
        { status: 'in_progress', score: null },
        { kind: 'update', status: 'in_progress' },
      ],
      ['never touched before', before({ updatedAt: null }), { status: 'in_progress', score: null }, { kind: 'update' }],
    ];
  it.each(rows)('%s', (_name, given, course, expected) => {
    expect(enrolmentChange(given, course, NOW, 3)).toMatchObject(expected as object);
  });
});

describe('decideCommit', () => {
  const admitted = admitCommit(pkg, {
    sco: 'a',
    isFinal: false,
    cmi: { completion_status: 'completed', score: { raw: '90' } },
  }) as AdmittedCommit;
  const head: LockedRow = {
    user_id: 1,
    last_seq: 4,
    finished_at: null,
    enrollment_id: 5,
    enrollment_user_id: 1,
    status: 'in_progress',
    score: null,
    started_at: ago(3_600_000).getTime(),
    updated_at: ago(1_000).getTime(),
  };
  const state = (identifier: string, fields: Partial<StateRow>): StateRow => ({
    id: 20,
    sco_identifier: identifier,
    attempt_id: 7,
    seq: 3,
    progress: 'incomplete',
    score_raw: null,
    score_min: null,
    score_max: null,
    score_scaled: null,
    total_seconds: 30,
    ...fields,
  });
  type Row = [string, { head?: LockedRow | undefined; states?: StateRow[]; seq?: number | 'next'; isFinal?: boolean }, unknown];
  const rows: Row[] = [
    ['no attempt under the lock', { head: undefined }, { kind: 'unknown-launch' }],
    ['the attempt is now another learner’s', { head: { ...head, user_id: 2 } }, { kind: 'unknown-launch' }],
    ['the enrolment is another learner’s', { head: { ...head, enrollment_user_id: 2 } }, { kind: 'unknown-launch' }],
    [
      'a repeat of the SCO’s newest',
      { states: [state('a', { seq: 5 })], seq: 5 },
      { kind: 'stale', outcome: { applied: false, superseded: false } },
    ],
    [
      'a newer attempt saved this SCO',
      { states: [state('a', { attempt_id: 8 })], seq: 9 },
      { kind: 'stale', outcome: { applied: false, superseded: true } },
    ],
    [
      'a first save of the SCO: a new state, the course in progress',
      { seq: 5 },
      {
        kind: 'write',
        write: {
          enrolmentId: 5,
          seq: 5,
          scoState: { id: null, fields: { attempt_id: 7, seq: 5, progress: 'completed', score_raw: '90', total_seconds: 0 } },
          attempt: { lastSeq: 5, finishes: false, finishedAt: null },
          enrolment: { kind: 'update', status: 'in_progress', score: 90 },
          logEntry: { user_id: 1, enrollment_id: 5, attempt_id: 7, sco_identifier: 'a', seq: 5, is_final: 0, lesson_status: 'completed' },
        },
      },
    ],
    [
      'a later save: the stored state updated, its time kept when none is sent',
      { states: [state('a', { seq: 3 })], seq: 4 },
      { kind: 'write', write: { scoState: { id: 20, fields: { seq: 4, total_seconds: 30 } }, attempt: { lastSeq: 4 } } },
    ],
    [
      'a last word: numbered after the SCO’s newest and the attempt’s last',
      { states: [state('a', { seq: 6 })], seq: 'next', isFinal: true },
      { kind: 'write', write: { seq: 7, attempt: { lastSeq: 7, finishes: true }, logEntry: { is_final: 1 } } },
    ],
    [
      'a last word of a SCO saved in an older attempt',
      { states: [state('a', { attempt_id: 6, seq: 40 })], seq: 'next' },
      { kind: 'write', write: { seq: 5 } },
    ],
    [
      'every SCO done: the course passes',
      { states: [state('b', { id: 21, progress: 'passed', score_raw: '70' })], seq: 5 },
      { kind: 'write', write: { enrolment: { kind: 'pass', score: 80, passedAt: NOW } } },
    ],
  ];
  it.each(rows)('%s', (_name, given, expected) => {
    const decision = decideCommit({
      admitted,
      head: 'head' in given ? given.head : head,
      states: given.states ?? [],
      userId: 1,
      input: { attemptId: 7, seq: given.seq ?? 5, isFinal: given.isFinal ?? false, cmi: {} },
      now: NOW,
      validityYears: 1,
    });
    expect(decision).toMatchObject(expected as object);
  });
});
