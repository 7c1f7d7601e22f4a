import { beforeAll, describe, expect, it } from 'vitest';
import { makeSco as sco, type TestPlatform } from '@portal/service-kit/testing';
import type { EnrolmentTestWorld } from '../../testing';
import { NOW, usePlayerWorld } from '../../testing/player-world';
import { ScoState, ScormInteraction, ScormObjective } from './scorm.entity';

const player = usePlayerWorld();
const { sessions, makeCourse, enrol, client, launch, commit, enrolmentRow, logOf } = player;
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let learnerId: number;
beforeAll(() => ({ world, platform, learnerId } = player.state()));

describe('SCORM 2004', () => {
  it('loads learner, objectives and the scaled passing score, and uses success_status', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf', { scaledPassingScore: 0.7, objectiveIds: ['primary', 'obj-2'] })]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    expect(scos[0]!.cmi).toMatchObject({
      'cmi.learner_id': String(learnerId),
      'cmi.learner_name': 'Jane Smith',
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.entry': 'ab-initio',
      'cmi.scaled_passing_score': '0.7',
      'cmi.objectives.0.id': 'primary',
      'cmi.objectives.1.id': 'obj-2',
    });
    await commit(
      scos[0]!.commit_url,
      1,
      {
        completion_status: 'completed',
        success_status: 'passed',
        score: { scaled: '0.9', raw: '90', min: '0', max: '100' },
        session_time: 'PT1M5S',
      },
      { final: true, beacon: true },
    );
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBe(90);
    const [entry] = await logOf(id);
    expect(entry).toMatchObject({ lessonStatus: 'passed', sessionSeconds: 65, scoreRaw: '90' });
  });

  it('falls back to the manifest’s scaled passing score when the content sets no success status', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf', { scaledPassingScore: 0.8 })]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(
      scos[0]!.commit_url,
      1,
      { completion_status: 'completed', success_status: 'unknown', score: { scaled: '0.75' } },
      { final: true },
    );
    expect((await enrolmentRow(id)).status).toBe('failed');
  });
});

describe('issue 13: the player keeps every result', () => {
  it('item 8: a course pass mark passes score-only SCORM 2004 content (success unknown, incomplete, no passing score)', async () => {
    const em = platform.orm.em.fork();
    const course = await world.catalogue.course({ passMark: 70, package: { version: '2004', scos: [sco('quiz')] } });
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(
      scos[0]!.commit_url,
      1,
      { completion_status: 'incomplete', success_status: 'unknown', score: { scaled: '0.8', raw: '80' } },
      { final: true },
    );
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBe(80);

    const below = await enrol(
      em,
      learnerId,
      (await world.catalogue.course({ passMark: 70, package: { version: '2004', scos: [sco('quiz')] } })).id,
    );
    const second = await launch(below);
    await commit(
      second.scos[0]!.commit_url,
      1,
      { completion_status: 'incomplete', success_status: 'unknown', score: { scaled: '0.5' } },
      { final: true },
    );
    expect((await enrolmentRow(below)).status).toBe('in_progress');
  });

  it('item 9: a SCO’s last commit arriving after the next SCO’s first (numbered higher) still counts; gaps never block', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('one'), sco('two')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, { core: { lesson_location: '1', lesson_status: 'incomplete' } });
    // The player moved on: SCO two's first commit (3) overtakes SCO one's final beacon (2).
    await commit(scos[1]!.commit_url, 3, { core: { lesson_status: 'incomplete' } });
    await commit(scos[0]!.commit_url, 2, { core: { lesson_location: '9', lesson_status: 'completed' } }, { final: true, beacon: true });
    const one = await platform.orm.em.fork().findOneOrFail(ScoState, { enrolmentId: id, scoIdentifier: 'one' });
    expect(one).toMatchObject({ location: '9', progress: 'completed', seq: 2 });
    // Numbers that skip (7 after 3: commits lost on the way) are applied; a repeat still changes nothing.
    await commit(scos[1]!.commit_url, 7, { core: { lesson_status: 'completed' } }, { final: true });
    const repeat = await commit(scos[1]!.commit_url, 7, { core: { lesson_status: 'incomplete' } });
    expect(repeat.status).toBe(200);
    expect((await enrolmentRow(id)).status).toBe('passed');
    expect((await logOf(id)).map((l) => l.seq)).toEqual([1, 3, 2, 7]);
  });

  it('item 10: stores objectives, interactions and progress measure, restores objectives on resume, and shows progress on the dashboard', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('quiz', { objectiveIds: ['primary'] })]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(
      first.scos[0]!.commit_url,
      1,
      {
        completion_status: 'incomplete',
        exit: 'suspend',
        progress_measure: '0.4',
        objectives: {
          '0': {
            id: 'primary',
            success_status: 'passed',
            completion_status: 'completed',
            progress_measure: '1',
            score: { scaled: '0.9', raw: '9', min: '0', max: '10' },
          },
          '1': {
            id: 'extra',
            success_status: 'unknown',
            completion_status: 'incomplete',
            progress_measure: '0.5',
            score: { scaled: '', raw: '', min: '', max: '' },
          },
        },
        interactions: {
          '0': {
            id: 'q1',
            type: 'choice',
            learner_response: 'b',
            result: 'correct',
            latency: 'PT5S',
            timestamp: '2026-06-15T12:00:00',
            description: '',
          },
        },
        'cmi.interactions.1.id': 'q2',
        'cmi.interactions.1.type': 'fill-in',
        'cmi.interactions.1.learner_response': 'ladder',
        'cmi.interactions.1.result': 'incorrect',
      },
      { final: true },
    );
    const fork = platform.orm.em.fork();
    const objectives = await fork.find(ScormObjective, { enrolmentId: id }, { orderBy: { position: 'asc' } });
    expect(
      objectives.map((o) => [o.objectiveId, o.successStatus, o.completionStatus, o.scoreScaled, o.scoreRaw, o.progressMeasure]),
    ).toEqual([
      ['primary', 'passed', 'completed', '0.9', '9', '1'],
      ['extra', 'unknown', 'incomplete', null, null, '0.5'],
    ]);
    const interactions = await fork.find(ScormInteraction, { enrolmentId: id }, { orderBy: { position: 'asc' } });
    expect(interactions.map((i) => [i.interactionId, i.type, i.learnerResponse, i.result, i.latency, i.timestamp])).toEqual([
      ['q1', 'choice', 'b', 'correct', 'PT5S', '2026-06-15T12:00:00'],
      ['q2', 'fill-in', 'ladder', 'incorrect', null, null],
    ]);
    expect((await fork.findOneOrFail(ScoState, { enrolmentId: id })).progressMeasure).toBe('0.4');

    const resumed = await launch(id);
    expect(resumed.scos[0]!.cmi).toMatchObject({
      'cmi.entry': 'resume',
      'cmi.progress_measure': '0.4',
      'cmi.objectives.0.id': 'primary',
      'cmi.objectives.0.success_status': 'passed',
      'cmi.objectives.0.completion_status': 'completed',
      'cmi.objectives.0.score.scaled': '0.9',
      'cmi.objectives.0.progress_measure': '1',
      'cmi.objectives.1.id': 'extra',
      'cmi.objectives.1.progress_measure': '0.5',
    });

    const dashboard = await client(sessions.learner).request('/api/learner/dashboard');
    const cards = ((await dashboard.json()) as { enrollments: { id: number; progress: number | null }[] }).enrollments;
    expect(cards.find((c) => c.id === id)?.progress).toBe(40);
  });

  it("issue 20 item 5: keeps each interaction's correct patterns, weighting and description (2004) and each attempt's own objectives", async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('quiz', { objectiveIds: ['primary'] })]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(first.scos[0]!.commit_url, 1, {
      exit: 'suspend',
      objectives: { '0': { id: 'primary', success_status: 'failed', score: { raw: '4' } } },
      interactions: {
        '0': {
          id: 'q1',
          type: 'choice',
          description: 'Which extinguisher for an electrical fire?',
          learner_response: 'a',
          weighting: '2',
          correct_responses: { '0': { pattern: 'c' } },
        },
      },
      'cmi.interactions.1.id': 'q2',
      'cmi.interactions.1.type': 'fill-in',
      'cmi.interactions.1.correct_responses.1.pattern': 'stepladder',
      'cmi.interactions.1.correct_responses.0.pattern': 'ladder',
    });
    const second = await launch(id);
    await commit(
      second.scos[0]!.commit_url,
      1,
      { objectives: { '0': { id: 'primary', success_status: 'passed', score: { raw: '9' } } } },
      { final: true },
    );

    const fork = platform.orm.em.fork();
    const interactions = await fork.find(ScormInteraction, { enrolmentId: id }, { orderBy: { position: 'asc' } });
    expect(interactions.map((i) => [i.interactionId, i.description, i.correctResponses, i.weighting, i.recordedAt?.toISOString()])).toEqual(
      [
        ['q1', 'Which extinguisher for an electrical fire?', '["c"]', '2', NOW.toISOString()],
        ['q2', null, '["ladder","stepladder"]', null, NOW.toISOString()],
      ],
    );
    const objectives = await fork.find(ScormObjective, { enrolmentId: id }, { orderBy: { id: 'asc' } });
    expect(objectives.map((o) => [o.attemptId, o.successStatus, o.scoreRaw])).toEqual([
      [first.attempt_id, 'failed', '4'],
      [second.attempt_id, 'passed', '9'],
    ]);
    // A resume restores the newest report of each objective.
    const third = await launch(id);
    expect(third.scos[0]!.cmi).toMatchObject({ 'cmi.objectives.0.id': 'primary' });
    expect(third.scos[0]!.cmi['cmi.objectives.1.id']).toBeUndefined();
  });

  it("issue 20 item 5: reads 1.2's student_response, time and correct patterns", async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('quiz')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, {
      core: { lesson_status: 'incomplete' },
      interactions: {
        '0': {
          id: 'q1',
          type: 'true-false',
          student_response: 't',
          result: 'wrong',
          time: '14:03:09',
          latency: '0000:00:12.50',
          weighting: '1',
          correct_responses: { '0': { pattern: 'f' } },
        },
      },
    });
    const [row] = await platform.orm.em.fork().find(ScormInteraction, { enrolmentId: id });
    expect([row!.learnerResponse, row!.result, row!.timestamp, row!.latency, row!.correctResponses, row!.description]).toEqual([
      't',
      'wrong',
      '14:03:09',
      '0000:00:12.50',
      '["f"]',
      null,
    ]);
  });
});
