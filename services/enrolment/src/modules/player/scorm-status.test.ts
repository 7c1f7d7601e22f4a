import { describe, expect, it } from 'vitest';
import { completeUntouchedSco, courseScore, readCommit, rollUpCourse, scoProgress, scorePercent, type CommitReading } from './scorm-status';

const NO_RULES = { masteryScore: null, scaledPassingScore: null };
const reading = (extra: Partial<CommitReading>): CommitReading => ({
  location: null,
  lessonStatus: null,
  completionStatus: null,
  successStatus: null,
  scoreRaw: null,
  scoreMin: null,
  scoreMax: null,
  scoreScaled: null,
  sessionTime: null,
  totalTime: null,
  suspendData: null,
  exit: null,
  ...extra,
});

describe('readCommit', () => {
  it('reads scorm-again’s nested 1.2 JSON', () => {
    const cmi = {
      core: {
        lesson_location: '5',
        lesson_status: 'incomplete',
        session_time: '0000:00:07',
        total_time: '0000:01:00',
        exit: 'suspend',
        score: { raw: '80', min: '0', max: '100' },
      },
      suspend_data: 'x'.repeat(70_000),
    };
    const r = readCommit('1.2', cmi);
    expect(r).toMatchObject({
      location: '5',
      lessonStatus: 'incomplete',
      sessionTime: '0000:00:07',
      totalTime: '0000:01:00',
      exit: 'suspend',
      scoreRaw: '80',
      scoreMin: '0',
      scoreMax: '100',
    });
    expect(r.suspendData).toHaveLength(70_000);
  });

  it('reads 2004 JSON and a flattened form, and treats empty strings as unset', () => {
    const r = readCommit('2004', {
      location: '',
      completion_status: 'completed',
      success_status: 'passed',
      score: { scaled: 0.85, raw: 85 },
      session_time: 'PT7S',
    });
    expect(r).toMatchObject({
      location: null,
      completionStatus: 'completed',
      successStatus: 'passed',
      scoreScaled: '0.85',
      scoreRaw: '85',
      sessionTime: 'PT7S',
    });
    expect(readCommit('1.2', { 'cmi.core.lesson_status': 'passed' }).lessonStatus).toBe('passed');
  });
});

describe('scoProgress in SCORM 1.2', () => {
  it("maps lesson_status, 'passed' counting as complete", () => {
    expect(scoProgress('1.2', reading({ lessonStatus: 'passed' }), NO_RULES)).toBe('passed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'completed' }), NO_RULES)).toBe('completed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'failed' }), NO_RULES)).toBe('failed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'incomplete' }), NO_RULES)).toBe('incomplete');
    expect(scoProgress('1.2', reading({ lessonStatus: 'browsed' }), NO_RULES)).toBe('incomplete');
    expect(scoProgress('1.2', reading({ lessonStatus: 'not attempted' }), NO_RULES)).toBe('not-attempted');
  });

  it('lets a mastery score decide once the learner is done, and a score at the mark pass outright', () => {
    const rules = { masteryScore: 80, scaledPassingScore: null };
    expect(scoProgress('1.2', reading({ lessonStatus: 'completed', scoreRaw: '80' }), rules)).toBe('passed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'completed', scoreRaw: '79' }), rules)).toBe('failed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'passed', scoreRaw: '50' }), rules)).toBe('failed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'incomplete', scoreRaw: '90' }), rules)).toBe('passed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'incomplete', scoreRaw: '40' }), rules)).toBe('incomplete');
  });

  it('makes a SCO that set nothing completed at its final commit', () => {
    const untouched = completeUntouchedSco('1.2', reading({ lessonStatus: 'not attempted' }));
    expect(scoProgress('1.2', untouched, NO_RULES)).toBe('completed');
    expect(completeUntouchedSco('1.2', reading({ lessonStatus: 'incomplete' })).lessonStatus).toBe('incomplete');
    // Suspended (a page reloaded or closed mid-course: the player finishes it with exit suspend): not completed.
    expect(completeUntouchedSco('2004', reading({ completionStatus: 'unknown', exit: 'suspend' })).completionStatus).toBe('unknown');
    expect(completeUntouchedSco('1.2', reading({ lessonStatus: 'not attempted', exit: 'suspend' })).lessonStatus).toBe('not attempted');
    expect(completeUntouchedSco('1.2', reading({})).lessonStatus).toBe('completed');
  });
});

describe('scoProgress in SCORM 2004', () => {
  it('uses success_status when the content sets one', () => {
    expect(scoProgress('2004', reading({ completionStatus: 'completed', successStatus: 'passed' }), NO_RULES)).toBe('passed');
    expect(scoProgress('2004', reading({ completionStatus: 'completed', successStatus: 'failed' }), NO_RULES)).toBe('failed');
    expect(scoProgress('2004', reading({ completionStatus: 'completed', successStatus: 'unknown' }), NO_RULES)).toBe('completed');
    expect(scoProgress('2004', reading({ completionStatus: 'incomplete' }), NO_RULES)).toBe('incomplete');
    expect(scoProgress('2004', reading({ completionStatus: 'unknown' }), NO_RULES)).toBe('not-attempted');
  });

  it('falls back to the manifest’s scaled passing score, from score.scaled or raw within min–max', () => {
    const rules = { masteryScore: null, scaledPassingScore: 0.7 };
    expect(scoProgress('2004', reading({ completionStatus: 'completed', scoreScaled: '0.7' }), rules)).toBe('passed');
    expect(scoProgress('2004', reading({ completionStatus: 'completed', scoreScaled: '0.69' }), rules)).toBe('failed');
    expect(scoProgress('2004', reading({ completionStatus: 'completed', scoreRaw: '8', scoreMax: '10' }), rules)).toBe('passed');
    expect(scoProgress('2004', reading({ completionStatus: 'incomplete', scoreScaled: '0.2' }), rules)).toBe('incomplete');
    expect(scoProgress('2004', reading({ completionStatus: 'completed', successStatus: 'failed', scoreScaled: '0.9' }), rules)).toBe(
      'failed',
    );
  });

  it('completes an untouched 2004 SCO at its final commit, but never overrides a decided one', () => {
    expect(completeUntouchedSco('2004', reading({ completionStatus: 'unknown' })).completionStatus).toBe('completed');
    expect(completeUntouchedSco('2004', reading({ completionStatus: 'unknown', successStatus: 'failed' })).completionStatus).toBe(
      'unknown',
    );
  });
});

describe('the course from its SCOs', () => {
  it('passes when every SCO is completed or passed, fails on a failed SCO, else is in progress', () => {
    expect(rollUpCourse(['completed', 'passed', 'completed'])).toBe('passed');
    expect(rollUpCourse(['completed', 'failed', 'incomplete'])).toBe('failed');
    expect(rollUpCourse(['completed', 'not-attempted'])).toBe('in_progress');
    expect(rollUpCourse(['not-attempted', 'not-attempted'])).toBe('not_started');
    expect(rollUpCourse([])).toBe('not_started');
  });

  it('scores as a percentage: scaled first, raw within min–max, then the mean of the SCOs', () => {
    expect(scorePercent({ scoreRaw: '85', scoreMin: '0', scoreMax: '100', scoreScaled: null })).toBe(85);
    expect(scorePercent({ scoreRaw: '17', scoreMin: null, scoreMax: '20', scoreScaled: null })).toBe(85);
    expect(scorePercent({ scoreRaw: '85', scoreMin: null, scoreMax: null, scoreScaled: '0.9' })).toBe(90);
    expect(scorePercent({ scoreRaw: 'lots', scoreMin: null, scoreMax: null, scoreScaled: null })).toBeNull();
    expect(scorePercent({ scoreRaw: '250', scoreMin: null, scoreMax: null, scoreScaled: null })).toBe(100);
    expect(courseScore([80, null, 91])).toBe(86);
    expect(courseScore([null])).toBeNull();
  });
});

describe('scoProgress with a course pass mark (issue 13 item 8)', () => {
  const MARK_70 = { masteryScore: null, scaledPassingScore: null, passMark: 70 };
  it('passes 2004 score-only content (success unknown, incomplete) at or above the pass mark', () => {
    const scoreOnly = reading({ completionStatus: 'incomplete', successStatus: 'unknown', scoreScaled: '0.8', scoreRaw: '80' });
    expect(scoProgress('2004', scoreOnly, NO_RULES)).toBe('incomplete');
    expect(scoProgress('2004', scoreOnly, MARK_70)).toBe('passed');
    expect(scoProgress('2004', reading({ completionStatus: 'incomplete', scoreRaw: '7', scoreMax: '10' }), MARK_70)).toBe('passed');
  });
  it('fails below it once completed, and leaves an unfinished attempt in progress', () => {
    expect(scoProgress('2004', reading({ completionStatus: 'completed', scoreScaled: '0.5' }), MARK_70)).toBe('failed');
    expect(scoProgress('2004', reading({ completionStatus: 'incomplete', scoreScaled: '0.5' }), MARK_70)).toBe('incomplete');
  });
  it('never overrides the content’s own success, nor the SCO’s own passing score', () => {
    expect(scoProgress('2004', reading({ successStatus: 'failed', scoreScaled: '0.9' }), MARK_70)).toBe('failed');
    expect(
      scoProgress('2004', reading({ completionStatus: 'incomplete', scoreScaled: '0.8' }), { ...MARK_70, scaledPassingScore: 0.9 }),
    ).toBe('incomplete');
  });
  it('decides 1.2 content that reports a score and no pass or fail', () => {
    expect(scoProgress('1.2', reading({ lessonStatus: 'incomplete', scoreRaw: '75' }), MARK_70)).toBe('passed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'completed', scoreRaw: '60' }), MARK_70)).toBe('failed');
    expect(scoProgress('1.2', reading({ lessonStatus: 'failed', scoreRaw: '90' }), MARK_70)).toBe('failed');
  });
});
