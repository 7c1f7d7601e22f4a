import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AnswerAttempt, EnrolmentAnswers } from '@portal/contracts';
import { fakeApi, reply } from '../testing/fake-api';
import { AnswersBody, AnswersModal, attemptSummary, objectiveScore, objectiveStatus, statusLabel } from './answers-view';

const attempt = (over: Partial<AnswerAttempt>): AnswerAttempt => ({
  id: 1,
  number: 1,
  started_at: '2026-06-15T10:00:00.000Z',
  last_saved_at: '2026-06-15T10:20:00.000Z',
  finished: true,
  status: 'failed',
  score_percent: 50,
  time_seconds: 1150,
  objectives: [],
  interactions: [],
  ...over,
});

const LONG = 'I would first check the label on the extinguisher, then '.repeat(20);

const DATA: EnrolmentAnswers = {
  enrollment: { id: 7, learner_name: 'Alice Able', course_name: 'Fire Safety', status: 'passed', score: 80, scorm_version: '2004' },
  attempts: [
    attempt({ id: 3, number: 3, status: 'passed', score_percent: null, time_seconds: 300 }),
    attempt({
      id: 2,
      number: 2,
      status: 'passed',
      score_percent: 80,
      objectives: [
        {
          sco: 'fire',
          id: 'fire-triangle',
          success_status: 'passed',
          completion_status: 'completed',
          score_raw: '2',
          score_min: '0',
          score_max: '2',
          score_scaled: null,
        },
      ],
      interactions: [
        {
          sco: 'fire',
          position: 0,
          id: 'q1',
          type: 'choice',
          description: 'Which extinguisher is suitable for a fire in electrical equipment?',
          learner_response: 'water',
          correct_responses: ['carbon_dioxide'],
          result: 'incorrect',
          weighting: '1',
          latency: 'PT12.5S',
          latency_seconds: 13,
          timestamp: '2026-06-15T10:05:00',
          answered_at: '2026-06-15T10:05:00.000Z',
        },
        {
          sco: 'fire',
          position: 1,
          id: 'q2',
          type: 'sequencing',
          description: null,
          learner_response: 'raise_alarm[,]leave',
          correct_responses: ['raise_alarm[,]leave', 'leave[,]raise_alarm'],
          result: 'correct',
          weighting: null,
          latency: null,
          latency_seconds: null,
          timestamp: null,
          answered_at: '2026-06-15T10:06:00.000Z',
        },
        {
          sco: 'fire',
          position: 2,
          id: 'essay',
          type: 'long-fill-in',
          description: null,
          learner_response: LONG,
          correct_responses: [],
          result: null,
          weighting: null,
          latency: null,
          latency_seconds: null,
          timestamp: null,
          answered_at: '2026-06-15T10:07:00.000Z',
        },
      ],
    }),
    attempt({
      id: 1,
      number: 1,
      objectives: [
        {
          sco: 'fire',
          id: 'fire-triangle',
          success_status: 'failed',
          completion_status: 'completed',
          score_raw: null,
          score_min: null,
          score_max: null,
          score_scaled: '0.25',
        },
      ],
    }),
  ],
};

describe('AnswersBody', () => {
  it('lists the attempts newest first, each labelled, the newest open and the older folded', () => {
    render(<AnswersBody data={DATA} />);
    const attempts = screen.getAllByTestId('answers-attempt');
    expect(attempts.map((a) => a.querySelector('summary')!.textContent)).toEqual([
      'Attempt 3 (latest)15/06/2026, 10:00 · Passed · Time 5 min',
      'Attempt 215/06/2026, 10:00 · Passed · Score 80% · Time 19 min 10 s',
      'Attempt 115/06/2026, 10:00 · Failed · Score 50% · Time 19 min 10 s',
    ]);
    expect(attempts.map((a) => (a as HTMLDetailsElement).open)).toEqual([true, false, false]);
    expect(screen.getByText('3 attempts, newest first · course score 80%')).toBeTruthy();
  });

  it('says so when an attempt recorded nothing, and when it has objectives but no answers', () => {
    render(<AnswersBody data={DATA} />);
    const [latest, , first] = screen.getAllByTestId('answers-attempt');
    expect(within(latest!).getByText('No objectives or answers were recorded in this attempt.')).toBeTruthy();
    expect(within(first!).getByText('No answers were recorded in this attempt.')).toBeTruthy();
    expect(within(first!).getByTestId('objective').textContent).toBe('fire-triangleFailedScore 25%');
  });

  it('shows each answer with the question, the response and the correct pattern as words, the result, the time taken and when', () => {
    render(<AnswersBody data={DATA} />);
    const [q1, q2, essay] = within(screen.getAllByTestId('answers-attempt')[1]!).getAllByTestId('answer');
    expect(within(q1!).getByText('Which extinguisher is suitable for a fire in electrical equipment?')).toBeTruthy();
    const fields = (card: HTMLElement) =>
      Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));
    expect(q1!.querySelector('.answers-result')!.textContent).toBe('Incorrect');
    expect(fields(q1!)).toEqual({
      Answer: 'water',
      'Correct answer': 'carbon_dioxide',
      Type: 'Choice',
      Weighting: '1',
      Took: '13 s',
      When: '15/06/2026, 10:05',
    });
    expect(fields(q2!)).toMatchObject({ Answer: 'raise_alarm, leave', 'Correct answers': 'raise_alarm, leave or leave, raise_alarm' });
    expect(q2!.querySelector('.answers-result--correct')).toBeTruthy();
    // A long answer is shown whole (the style wraps it).
    expect(fields(essay!).Answer).toBe(LONG);
    expect(essay!.querySelector('.answers-result')!.textContent).toBe('No result');
  });

  it('has an empty state for an enrolment never opened', () => {
    render(<AnswersBody data={{ ...DATA, attempts: [] }} />);
    expect(screen.getByText('Alice Able has not opened this course yet, so there are no answers to show.')).toBeTruthy();
  });
});

describe('AnswersModal', () => {
  it("loads the enrolment's answers into a wide dialog and closes", async () => {
    const { api, requests } = fakeApi({ 'GET /api/reporting/enrolments/7/answers': () => ({ data: DATA }) });
    const onClose = vi.fn();
    render(<AnswersModal api={api} enrolmentId={7} learnerName="Alice Able" courseName="Fire Safety" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Answers: Alice Able' });
    expect(dialog.className).toContain('ds-modal--wide');
    await waitFor(() => expect(screen.getAllByTestId('answers-attempt')).toHaveLength(3));
    expect(requests.map((r) => r.path)).toEqual(['/api/reporting/enrolments/7/answers']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says why when the server refuses', async () => {
    const { api } = fakeApi({
      'GET /api/reporting/enrolments/7/answers': () => reply(403, { message: 'That enrolment is not your company’s.' }),
    });
    render(<AnswersModal api={api} enrolmentId={7} learnerName="Alice Able" courseName="Fire Safety" onClose={() => {}} />);
    await waitFor(() => expect(screen.getByText(/not your company/)).toBeTruthy());
  });
});

describe('labels', () => {
  it('reads SCORM words and scores', () => {
    expect(statusLabel('not_attempted')).toBe('Not attempted');
    expect(statusLabel('not attempted')).toBe('Not attempted');
    expect(objectiveStatus({ success_status: 'unknown', completion_status: 'incomplete' })).toBe('Incomplete');
    expect(objectiveStatus({ success_status: null, completion_status: null })).toBe('Not reported');
    expect(objectiveScore({ score_raw: '3', score_max: '4', score_scaled: '0.75' })).toBe('3 / 4');
    expect(objectiveScore({ score_raw: null, score_max: null, score_scaled: null })).toBe('');
    expect(attemptSummary(attempt({ status: null, finished: false, score_percent: null, time_seconds: null }))).toEqual([
      '15/06/2026, 10:00',
      'Not finished',
    ]);
  });
});
