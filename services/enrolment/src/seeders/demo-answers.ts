import type { Em } from '@portal/service-kit';
import type { IEnrolment } from '../modules/enrolments/enrolment.entity';
import { recordAnsweredAttempt, type AnsweredAttempt, type RecordedInteraction } from '../modules/player/answered-attempt';

/** The demo packages' one SCO (catalogue's build-demo-package). */
const DEMO_SCO = 'ITEM-SCO';
const MINUTE = 60_000;

/** Manual Handling (SCORM 1.2): student_response letters, `wrong`, a time of day, HHHH:MM:SS latency. */
const MANUAL_HANDLING = [
  { id: 'q1_first_step', correct: 'a' },
  { id: 'q2_tile_l', correct: 'b' },
  { id: 'q3_hold_load', correct: 'c' },
  { id: 'q4_turning', correct: 'b' },
  { id: 'q5_guideline_weights', correct: 'b' },
];

/** Fire Safety (SCORM 2004): questions as descriptions, learner_response identifiers, ISO timestamps and latencies. */
const FIRE_SAFETY = [
  { id: 'fire_triangle', description: 'Which three things make up the fire triangle?', correct: 'heat_fuel_oxygen', type: 'choice' },
  { id: 'discover_fire', description: 'What should you do first when you discover a fire?', correct: 'raise_alarm', type: 'choice' },
  {
    id: 'electrical_extinguisher',
    description: 'Which extinguisher is suitable for a fire in electrical equipment?',
    correct: 'carbon_dioxide',
    type: 'choice',
  },
  { id: 'fire_doors', description: 'Why must fire doors never be wedged open?', correct: 'hold_back_fire_and_smoke', type: 'choice' },
];

const pad = (n: number) => String(n).padStart(2, '0');
const timeOfDay = (at: Date) => `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;

/** 1.2 answers: `answers[i]` is the letter given (or a partial-credit result where `results` says). */
function manualHandlingAnswers(start: Date, answers: string[], results: (string | undefined)[] = []): RecordedInteraction[] {
  return answers.map((given, i) => {
    const question = MANUAL_HANDLING[i];
    if (!question) throw new Error(`Demo answer ${i + 1} has no manual-handling question.`);
    return {
      id: question.id,
      type: 'choice',
      learnerResponse: given,
      correctResponses: [question.correct],
      result: results[i] ?? (given === question.correct ? 'correct' : 'wrong'),
      weighting: '2',
      latency: `0000:00:${pad(14 + i * 7)}.00`,
      timestamp: timeOfDay(new Date(start.getTime() + (10 + i) * MINUTE)),
    };
  });
}

function fireSafetyAnswers(start: Date, answers: string[], results: (string | undefined)[] = []): RecordedInteraction[] {
  return answers.map((given, i) => {
    const question = FIRE_SAFETY[i];
    if (!question) throw new Error(`Demo answer ${i + 1} has no fire-safety question.`);
    return {
      id: question.id,
      type: question.type,
      description: question.description,
      learnerResponse: given,
      correctResponses: [question.correct],
      result: results[i] ?? (given === question.correct ? 'correct' : 'incorrect'),
      weighting: '1',
      latency: `PT${9 + i * 5}.5S`,
      timestamp: new Date(start.getTime() + (12 + i) * MINUTE).toISOString().replace(/\.\d{3}Z$/, ''),
    };
  });
}

/**
 * What the demo's learners answered (issue 20 item 5), so "View answers" and the export's Answers
 * sheet have something to show: each passed or failed enrolment gets the attempt that decided it
 * (the failed one also a second, unfinished try), in the demo courses' own questions.
 */
export async function seedDemoAnswers(
  em: Em,
  enrolments: IEnrolment[],
  courses: { manualHandling: number; fireSafety: number },
): Promise<void> {
  for (const enrolment of enrolments) {
    if (enrolment.status !== 'passed' && enrolment.status !== 'failed') continue;
    const ended = enrolment.passedAt ?? new Date((enrolment.startedAt ?? enrolment.createdAt).getTime() + 40 * MINUTE);
    const start = new Date(ended.getTime() - 25 * MINUTE);
    const base = { enrolmentId: enrolment.id, userId: enrolment.userId, scoIdentifier: DEMO_SCO, startedAt: start, finishedAt: ended };
    const attempts: AnsweredAttempt[] = [];
    const score = String(enrolment.score ?? 0);
    if (enrolment.courseId === courses.manualHandling) {
      const passed = enrolment.status === 'passed';
      // 90: four right and a half-right last answer (1.2 takes a number as a result); 100: all right; 40: two right.
      const given = enrolment.score === 100 ? ['a', 'b', 'c', 'b', 'b'] : passed ? ['a', 'b', 'c', 'b', 'c'] : ['a', 'd', 'a', 'b', 'a'];
      const results = enrolment.score === 90 ? [undefined, undefined, undefined, undefined, '0.5'] : [];
      attempts.push({
        ...base,
        lessonStatus: passed ? 'passed' : 'failed',
        scoreRaw: score,
        scoreMin: '0',
        scoreMax: '100',
        sessionSeconds: 24 * 60 + 10,
        objectives: [{ id: 'manual_handling_quiz', successStatus: passed ? 'passed' : 'failed', scoreRaw: score, scoreMax: '100' }],
        interactions: manualHandlingAnswers(start, given, results),
      });
      if (!passed) {
        // Came back the next day, answered one question and left.
        const again = new Date(ended.getTime() + 24 * 60 * MINUTE);
        attempts.push({
          ...base,
          startedAt: again,
          finishedAt: new Date(again.getTime() + 6 * MINUTE),
          lessonStatus: 'incomplete',
          sessionSeconds: 6 * 60,
          interactions: manualHandlingAnswers(again, ['a']),
        });
      }
    } else if (enrolment.courseId === courses.fireSafety) {
      // 85: three right and a partly right answer (2004 takes a number as a result).
      attempts.push({
        ...base,
        lessonStatus: enrolment.status,
        scoreRaw: score,
        scoreMin: '0',
        scoreMax: '100',
        sessionSeconds: 21 * 60 + 30,
        objectives: [
          {
            id: 'fire_safety_quiz',
            successStatus: enrolment.status,
            completionStatus: 'completed',
            scoreRaw: score,
            scoreMax: '100',
            scoreScaled: String((enrolment.score ?? 0) / 100),
          },
          { id: 'fire_extinguishers', successStatus: 'passed', completionStatus: 'completed', scoreScaled: '1' },
        ],
        interactions: fireSafetyAnswers(
          start,
          ['heat_fuel_oxygen', 'raise_alarm', 'carbon_dioxide', 'it_sets_off_the_alarm'],
          [undefined, undefined, undefined, '0.4'],
        ),
      });
    }
    for (const attempt of attempts) await recordAnsweredAttempt(em, attempt);
  }
}
