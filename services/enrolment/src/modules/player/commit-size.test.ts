import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORM_COMMIT_LIMITS, SCORM_MESSAGES } from '@portal/contracts';
import { ANSWER_TEXT_MAX, Enrolment, ScoState, ScormInteraction, ScormLogEntry, ScormObjective } from '../../testing';
import { createCommitWorld } from '../../testing/commit-world';

/**
 * Issue 31 item 4: a save of any size a course can make is kept, on both databases. Interactions
 * and objectives are written in batches (SQLite refused one statement of more than 500 rows); above
 * SCORM_COMMIT_LIMITS a commit is refused with a message for the learner, and the attempt's next
 * save is stored all the same.
 */
type Version = '1.2' | '2004';

let world: Awaited<ReturnType<typeof createCommitWorld>>;
beforeAll(async () => {
  world = await createCommitWorld();
});
afterAll(() => world.close());

const launch = (enrolmentId: number) => world.launch(enrolmentId);
const launchNew = (version: Version) => world.launchNew(version);

/** Each save moves the clock on, so the attempt's saves a minute never refuse one here. */
function commit(url: string, seq: number, cmi: Record<string, unknown> | string) {
  world.clock.now = new Date(world.clock.now.getTime() + 5_000);
  return world.client().request(url, {
    method: 'POST',
    body: typeof cmi === 'string' ? cmi : JSON.stringify({ cmi, seq }),
    headers: { 'Content-Type': 'application/json;charset=UTF-8' },
  });
}

const questionId = (n: number) => `urn:course:question_${String(n % 300).padStart(3, '0')}_try_${Math.floor(n / 300)}`;

/**
 * n interactions and objectives as courses send them: SCORM 2004 nested, as scorm-again's JSON
 * commit; SCORM 1.2 as flattened `cmi.interactions.n.*` / `cmi.objectives.n.*` keys, which the
 * portal reads as well. `result` varies so a later save can be told from the first.
 */
function records(version: Version, counts: { interactions: number; objectives: number }, result = 'incorrect') {
  if (version === '2004') {
    const interactions: Record<string, unknown> = {};
    for (let i = 0; i < counts.interactions; i++)
      interactions[i] = {
        id: questionId(i),
        type: 'choice',
        objectives: { '0': { id: 'urn:course:objective_manual_handling' } },
        timestamp: '2026-06-15T12:34:56.7Z',
        weighting: '1',
        learner_response: `choice_b[,]choice_${i}`,
        result,
        latency: 'PT12.5S',
        description: 'Which two of these must be checked before lifting a load by hand?',
        correct_responses: { '0': { pattern: 'choice_b[,]choice_d' } },
      };
    const objectives: Record<string, unknown> = {};
    for (let i = 0; i < counts.objectives; i++)
      objectives[i] = {
        id: `urn:course:objective_${i}`,
        success_status: result === 'correct' ? 'passed' : 'failed',
        completion_status: 'completed',
        score: { scaled: '0.85', raw: '85', min: '0', max: '100' },
        progress_measure: '1',
      };
    return { interactions, objectives };
  }
  const flat: Record<string, string> = {};
  for (let i = 0; i < counts.interactions; i++) {
    const key = `cmi.interactions.${i}`;
    Object.assign(flat, {
      [`${key}.id`]: questionId(i),
      [`${key}.type`]: 'choice',
      [`${key}.time`]: '12:34:56',
      [`${key}.weighting`]: '1',
      [`${key}.student_response`]: `b,${i}`,
      [`${key}.result`]: result === 'correct' ? 'correct' : 'wrong',
      [`${key}.latency`]: '0000:00:12.5',
      [`${key}.objectives.0.id`]: 'objective_manual_handling',
      [`${key}.correct_responses.0.pattern`]: 'b,d',
    });
  }
  for (let i = 0; i < counts.objectives; i++) {
    const key = `cmi.objectives.${i}`;
    Object.assign(flat, {
      [`${key}.id`]: `objective_${i}`,
      [`${key}.status`]: result === 'correct' ? 'passed' : 'failed',
      [`${key}.score.raw`]: '85',
      [`${key}.score.min`]: '0',
      [`${key}.score.max`]: '100',
    });
  }
  return flat;
}

/** A whole commit: where the learner is, and the records. */
function cmiOf(version: Version, counts: { interactions: number; objectives: number }, location: string, result?: string) {
  return version === '2004'
    ? { completion_status: 'incomplete', location, ...records(version, counts, result) }
    : { core: { lesson_status: 'incomplete', lesson_location: location }, ...records(version, counts, result) };
}

const fork = () => world.platform.orm.em.fork();
const stored = async (attemptId: number) => ({
  interactions: await fork().count(ScormInteraction, { attemptId }),
  objectives: await fork().count(ScormObjective, { attemptId }),
});
const stateOf = (enrolmentId: number) => fork().findOneOrFail(ScoState, { enrolmentId });
const logCount = (enrolmentId: number) => fork().count(ScormLogEntry, { enrolmentId });

const COUNTS = [0, 1, 499, 500, 501, 4_700, SCORM_COMMIT_LIMITS.INTERACTIONS_MAX];

describe.each<Version>(['1.2', '2004'])('a SCORM %s commit', (version) => {
  it.each(COUNTS)('with %i interactions and as many objectives is stored whole', async (count) => {
    const { enrolmentId, attemptId, url } = await launchNew(version);
    const response = await commit(url, 1, cmiOf(version, { interactions: count, objectives: count }, 'p1'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: true, applied: true });
    expect(await stored(attemptId)).toEqual({ interactions: count, objectives: count });
    expect((await stateOf(enrolmentId)).location).toBe('p1');
    if (count === 0) return;
    // The last of each, as read for this version.
    const last = await fork().findOneOrFail(ScormInteraction, { attemptId, position: count - 1 });
    expect([last.interactionId, last.learnerResponse, last.result, last.correctResponses]).toEqual(
      version === '2004'
        ? [questionId(count - 1), `choice_b[,]choice_${count - 1}`, 'incorrect', '["choice_b[,]choice_d"]']
        : [questionId(count - 1), `b,${count - 1}`, 'wrong', '["b,d"]'],
    );
    const objective = await fork().findOneOrFail(ScormObjective, { attemptId, position: count - 1 });
    expect([objective.objectiveId, objective.successStatus, objective.scoreRaw]).toEqual([
      version === '2004' ? `urn:course:objective_${count - 1}` : `objective_${count - 1}`,
      'failed',
      '85',
    ]);
  });

  it('goes on being stored after a save of 10,000 of each: the rows are updated, and a small save follows', async () => {
    const { enrolmentId, attemptId, url } = await launchNew(version);
    const most = { interactions: SCORM_COMMIT_LIMITS.INTERACTIONS_MAX, objectives: SCORM_COMMIT_LIMITS.OBJECTIVES_MAX };
    expect((await commit(url, 1, cmiOf(version, most, 'p1'))).status).toBe(200);
    expect((await commit(url, 2, cmiOf(version, most, 'p2', 'correct'))).status).toBe(200);
    expect(await stored(attemptId)).toEqual({ interactions: most.interactions, objectives: most.objectives });
    const last = await fork().findOneOrFail(ScormInteraction, { attemptId, position: most.interactions - 1 });
    expect(last.result).toBe('correct');
    const objective = await fork().findOneOrFail(ScormObjective, { attemptId, position: most.objectives - 1 });
    expect(objective.successStatus).toBe('passed');
    expect((await commit(url, 3, cmiOf(version, { interactions: 2, objectives: 1 }, 'p3'))).status).toBe(200);
    expect((await stateOf(enrolmentId)).location).toBe('p3');
    expect(await logCount(enrolmentId)).toBe(3);
  });

  it('over the limits is refused with a message for the learner, stores nothing, and the next save is stored', async () => {
    const { enrolmentId, attemptId, url } = await launchNew(version);
    expect((await commit(url, 1, cmiOf(version, { interactions: 3, objectives: 3 }, 'p1'))).status).toBe(200);

    const interactions = SCORM_COMMIT_LIMITS.INTERACTIONS_MAX + 1;
    const tooManyInteractions = await commit(url, 2, cmiOf(version, { interactions, objectives: 3 }, 'p2'));
    expect(tooManyInteractions.status).toBe(422);
    const interactionsMessage = SCORM_MESSAGES.tooManyInteractions(interactions);
    expect(interactionsMessage).toBe(
      'This course tried to save 10,001 answers (interactions) at once; the portal keeps at most 10,000 for each part of a course in one attempt. Your progress up to the last save is kept.',
    );
    expect(await tooManyInteractions.json()).toMatchObject({
      message: interactionsMessage,
      errors: { 'cmi.interactions': [interactionsMessage] },
    });

    const objectives = SCORM_COMMIT_LIMITS.OBJECTIVES_MAX + 1;
    const tooManyObjectives = await commit(url, 3, cmiOf(version, { interactions: 3, objectives }, 'p3'));
    expect(tooManyObjectives.status).toBe(422);
    const objectivesMessage = SCORM_MESSAGES.tooManyObjectives(objectives);
    expect(await tooManyObjectives.json()).toMatchObject({ message: objectivesMessage, errors: { 'cmi.objectives': [objectivesMessage] } });

    // Nothing of either was kept: the state, log and records are the first save's.
    expect(await stored(attemptId)).toEqual({ interactions: 3, objectives: 3 });
    expect((await stateOf(enrolmentId)).location).toBe('p1');
    expect(await logCount(enrolmentId)).toBe(1);

    // The attempt's next save within the limits is stored, numbered after the refused ones or not.
    expect((await commit(url, 4, cmiOf(version, { interactions: 5, objectives: 4 }, 'p4'))).status).toBe(200);
    expect(await stored(attemptId)).toEqual({ interactions: 5, objectives: 4 });
    expect((await stateOf(enrolmentId)).location).toBe('p4');
    expect(await logCount(enrolmentId)).toBe(2);
  });
});

describe('the limits of one save', () => {
  it('count an index n at or past the limit as that many entries', async () => {
    const { attemptId, url } = await launchNew('2004');
    const n = SCORM_COMMIT_LIMITS.INTERACTIONS_MAX;
    const refused = await commit(url, 1, { completion_status: 'incomplete', interactions: { [n]: { id: 'far', type: 'choice' } } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe(SCORM_MESSAGES.tooManyInteractions(n + 1));
    const alsoRefused = await commit(url, 2, { completion_status: 'incomplete', [`cmi.objectives.${n}.id`]: 'far' });
    expect(alsoRefused.status).toBe(422);
    expect(((await alsoRefused.json()) as { message: string }).message).toBe(SCORM_MESSAGES.tooManyObjectives(n + 1));
    const atLimit = await commit(url, 3, { completion_status: 'incomplete', interactions: { [n - 1]: { id: 'last', type: 'choice' } } });
    expect(atLimit.status).toBe(200);
    expect(await stored(attemptId)).toEqual({ interactions: 1, objectives: 0 });
  });

  it('take the heaviest commit within them (10,000 of each and suspend data at its cap), and the next launch resumes from it', async () => {
    const { enrolmentId, url } = await launchNew('2004');
    const suspendData = `${'€'.repeat(SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX - 1)}"`;
    const most = { interactions: SCORM_COMMIT_LIMITS.INTERACTIONS_MAX, objectives: SCORM_COMMIT_LIMITS.OBJECTIVES_MAX };
    const body = JSON.stringify({ cmi: { ...cmiOf('2004', most, 'p1'), suspend_data: suspendData }, seq: 1 });
    // Far past the 2 MB the route took before, well within its limit.
    expect(Buffer.byteLength(body)).toBeGreaterThan(6 * 1024 * 1024);
    expect(Buffer.byteLength(body)).toBeLessThan(SCORM_COMMIT_LIMITS.BODY_MAX_BYTES);
    expect((await commit(url, 1, body)).status).toBe(200);
    expect((await stateOf(enrolmentId)).suspendData).toBe(suspendData);

    // The next launch gives the 10,000 objectives back, and its save of them all is stored.
    const again = await launch(enrolmentId);
    expect(again.cmi[`cmi.objectives.${most.objectives - 1}.id`]).toBe(`urn:course:objective_${most.objectives - 1}`);
    expect(again.cmi[`cmi.objectives.${most.objectives - 1}.success_status`]).toBe('failed');
    expect(again.cmi['cmi.suspend_data']).toBe(suspendData);
    expect((await commit(again.url, 1, { ...cmiOf('2004', most, 'p2', 'correct'), suspend_data: suspendData })).status).toBe(200);
    expect(await stored(again.attemptId)).toEqual({ interactions: most.interactions, objectives: most.objectives });
  });

  it('are the same for a save that passes the course (stored in the entity manager’s transaction)', async () => {
    const { enrolmentId, attemptId, url } = await launchNew('2004');
    const counts = { interactions: 1_200, objectives: 700 };
    const cmi = { ...cmiOf('2004', counts, 'end', 'correct'), completion_status: 'completed', success_status: 'passed' };
    expect((await commit(url, 1, cmi)).status).toBe(200);
    expect(await stored(attemptId)).toEqual(counts);
    expect((await fork().findOneOrFail(Enrolment, { id: enrolmentId })).status).toBe('passed');
  });

  it('refuse a body past the route’s cap with a 413 and a message, and the next save is stored', async () => {
    const { enrolmentId, url } = await launchNew('2004');
    const body = JSON.stringify({ cmi: { location: 'x'.repeat(SCORM_COMMIT_LIMITS.BODY_MAX_BYTES) }, seq: 1 });
    const refused = await commit(url, 1, body);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe('The request is too large: at most 12 MB may be sent here.');
    expect(await logCount(enrolmentId)).toBe(0);
    expect((await commit(url, 2, { completion_status: 'incomplete', location: 'p2' })).status).toBe(200);
    expect((await stateOf(enrolmentId)).location).toBe('p2');
  });

  it('keep answers longer than a TEXT column holds on MySQL, cut to ANSWER_TEXT_MAX characters', async () => {
    const { attemptId, url } = await launchNew('2004');
    const long = (unit: string) => unit.repeat(70_000);
    const response = await commit(url, 1, {
      completion_status: 'incomplete',
      interactions: {
        '0': {
          id: 'essay',
          type: 'long-fill-in',
          description: long('d'),
          learner_response: long('€'),
          correct_responses: { '0': { pattern: long('p') }, '1': { pattern: 'short' }, '2': { pattern: long('q') } },
        },
      },
    });
    expect(response.status).toBe(200);
    const [row] = await fork().find(ScormInteraction, { attemptId });
    expect(row!.description).toBe('d'.repeat(ANSWER_TEXT_MAX));
    expect(row!.learnerResponse).toBe('€'.repeat(ANSWER_TEXT_MAX));
    // Each pattern cut to SCORM's 4,000 characters, as many as fit.
    expect(JSON.parse(row!.correctResponses!)).toEqual(['p'.repeat(4_000), 'short', 'q'.repeat(4_000)]);
  });
});
