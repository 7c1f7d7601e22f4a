import { describe, expect, it } from 'vitest';
import { SCORM_COMMIT_LIMITS } from '@portal/contracts';
import {
  ANSWER_TEXT_MAX,
  collectionSize,
  objectivesCmi,
  readInteractions,
  readObjectives,
  ROWS_PER_STATEMENT,
  statementBatches,
  TEXT_PER_STATEMENT,
} from './scorm-records';
import type { IScormObjective } from './scorm.entity';

/** Issue 31 item 4: a commit's records of any allowed count go to the database in statements both databases take. */
describe('statementBatches', () => {
  const rows = (count: number, text = 'x') => Array.from({ length: count }, (_, i) => ({ position: i, text }));
  const sizes = (count: number) => [...statementBatches(rows(count))].map((batch) => batch.length);

  it('splits any count into batches of at most ROWS_PER_STATEMENT, in order', () => {
    expect(sizes(0)).toEqual([]);
    expect(sizes(1)).toEqual([1]);
    expect(sizes(499)).toEqual([499]);
    expect(sizes(500)).toEqual([500]);
    expect(sizes(501)).toEqual([500, 1]);
    expect(sizes(4_700)).toEqual([...Array<number>(9).fill(500), 200]);
    expect(sizes(10_000)).toEqual(Array<number>(20).fill(500));
    expect([...statementBatches(rows(1_234))].flat().map((row) => row.position)).toEqual(rows(1_234).map((row) => row.position));
  });

  it('stays within SQLite’s 500 terms of a compound SELECT and both databases’ bound values (15 columns to a row at most)', () => {
    expect(ROWS_PER_STATEMENT).toBeLessThanOrEqual(500);
    expect(ROWS_PER_STATEMENT * 15).toBeLessThan(32_766);
    // Every row's text at most 3 bytes a character, under MariaDB's default 16 MB packet.
    expect(TEXT_PER_STATEMENT * 3).toBeLessThan(16 * 1024 * 1024);
  });

  it('starts a new batch before the text would pass its budget; a row past it alone goes on its own', () => {
    const limits = { rows: 500, text: 10 };
    const texts = ['aaaa', 'bbbb', 'cc', 'dddddddddddd', 'e'].map((text, position) => ({ position, text }));
    expect([...statementBatches(texts, limits)].map((batch) => batch.map((row) => row.text).join('+'))).toEqual([
      'aaaa+bbbb+cc',
      'dddddddddddd',
      'e',
    ]);
  });
});

describe('collectionSize', () => {
  it('is the entries, or the highest index + 1 when a course skipped some', () => {
    expect(collectionSize([])).toBe(0);
    expect(collectionSize([{ position: 0 }, { position: 1 }])).toBe(2);
    expect(collectionSize([{ position: 10_000 }])).toBe(10_001);
  });
});

describe('readInteractions and readObjectives', () => {
  const flat12 = (count: number) => {
    const cmi: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      cmi[`cmi.interactions.${i}.id`] = `q${i}`;
      cmi[`cmi.interactions.${i}.student_response`] = `a${i}`;
      cmi[`cmi.objectives.${i}.id`] = `o${i}`;
      cmi[`cmi.objectives.${i}.status`] = 'passed';
    }
    return cmi;
  };
  const nested2004 = (count: number) => ({
    interactions: Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { id: `q${i}`, learner_response: `a${i}` }])),
    objectives: Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { id: `o${i}`, success_status: 'passed' }])),
  });

  it.each([0, 1, 499, 500, 501, 4_700, 10_000])('read %i of each, in SCORM 1.2’s flattened keys and 2004’s nested JSON', (count) => {
    for (const [version, cmi] of [
      ['1.2', flat12(count)],
      ['2004', nested2004(count)],
    ] as const) {
      const interactions = readInteractions(version, cmi);
      const objectives = readObjectives(version, cmi);
      expect([interactions.length, objectives.length, collectionSize(interactions), collectionSize(objectives)]).toEqual([
        count,
        count,
        count,
        count,
      ]);
      if (count === 0) continue;
      expect(interactions.at(-1)).toMatchObject({ position: count - 1, id: `q${count - 1}`, learnerResponse: `a${count - 1}` });
      expect(objectives.at(-1)).toMatchObject({ position: count - 1, id: `o${count - 1}`, successStatus: 'passed' });
    }
  });

  it('cut an answer past ANSWER_TEXT_MAX (never inside a surrogate pair), patterns to 4,000 and as many as fit', () => {
    const emoji = '😀';
    const [answer] = readInteractions('2004', {
      interactions: {
        '0': {
          id: 'essay',
          description: `${'d'.repeat(ANSWER_TEXT_MAX - 1)}${emoji}`,
          learner_response: 'r'.repeat(ANSWER_TEXT_MAX + 5),
          correct_responses: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [i, { pattern: `${i}`.repeat(5_000) }])),
        },
      },
    });
    expect(answer!.description).toBe('d'.repeat(ANSWER_TEXT_MAX - 1));
    expect(answer!.learnerResponse).toHaveLength(ANSWER_TEXT_MAX);
    // Three patterns of 4,000 fit in 16,000 characters of JSON, a fourth does not.
    expect(JSON.parse(answer!.correctResponses!)).toEqual(['0', '1', '2'].map((digit) => digit.repeat(4_000)));
    expect(answer!.correctResponses!.length).toBeLessThanOrEqual(ANSWER_TEXT_MAX);
  });
});

describe('objectivesCmi', () => {
  const row = (objectiveId: string, position: number) =>
    ({ objectiveId, position, successStatus: 'passed', completionStatus: null, scoreRaw: '9' }) as unknown as IScormObjective;

  it('gives back at most as many objectives as one save may carry, the manifest’s first', () => {
    const stored = Array.from({ length: SCORM_COMMIT_LIMITS.OBJECTIVES_MAX + 5 }, (_, i) => row(`stored-${i}`, i));
    const cmi = objectivesCmi('2004', ['from-manifest'], stored, true);
    expect(cmi['cmi.objectives.0.id']).toBe('from-manifest');
    expect(cmi['cmi.objectives.1.id']).toBe('stored-0');
    expect(cmi['cmi.objectives.1.success_status']).toBe('passed');
    const last = SCORM_COMMIT_LIMITS.OBJECTIVES_MAX - 1;
    expect(cmi[`cmi.objectives.${last}.id`]).toBe(`stored-${last - 1}`);
    expect(cmi[`cmi.objectives.${last + 1}.id`]).toBeUndefined();
  });

  it('names an objective once, with the first stored row of its id', () => {
    const cmi = objectivesCmi('1.2', [], [row('a', 0), { ...row('a', 1), successStatus: 'failed' } as IScormObjective, row('b', 2)], true);
    expect(cmi).toMatchObject({ 'cmi.objectives.0.id': 'a', 'cmi.objectives.0.status': 'passed', 'cmi.objectives.1.id': 'b' });
    expect(cmi['cmi.objectives.2.id']).toBeUndefined();
  });
});
