import {
  enrolmentAnswers,
  formatDateTime,
  readableResponse,
  resultLabel,
  resultTone,
  shortDuration,
  type AnswerAttempt,
  type AnswerInteraction,
  type AnswerObjective,
  type ApiClient,
  type EnrolmentAnswers,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { Modal, Spinner } from '@portal/design-system';
import { LoadError } from '../data/load-error';
import { useApiQuery } from '../data/use-api-query';
import './answers-view.css';

/** SCORM's status words as a manager reads them ("not attempted" and the like). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  const text = status.replace(/[-_]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An objective's score: raw against its max (`3 / 4`), raw alone, or the scaled score as a percentage. */
export function objectiveScore(o: Pick<AnswerObjective, 'score_raw' | 'score_max' | 'score_scaled'>): string {
  if (o.score_raw !== null && o.score_raw !== '') return o.score_max ? `${o.score_raw} / ${o.score_max}` : o.score_raw;
  if (o.score_scaled !== null && o.score_scaled !== '' && Number.isFinite(Number(o.score_scaled)))
    return `${Math.round(Number(o.score_scaled) * 100)}%`;
  return '';
}

/** An objective's status: success where the content said (passed/failed), else completion. */
export function objectiveStatus(o: Pick<AnswerObjective, 'success_status' | 'completion_status'>): string {
  const success = o.success_status && o.success_status !== 'unknown' ? o.success_status : null;
  return statusLabel(success ?? o.completion_status) || 'Not reported';
}

/** The attempt's one-line summary: when, status, score, time. */
export function attemptSummary(attempt: AnswerAttempt): string[] {
  return [
    formatDateTime(attempt.started_at),
    attempt.status ? statusLabel(attempt.status) : attempt.finished ? '' : 'Not finished',
    attempt.score_percent !== null ? `Score ${attempt.score_percent}%` : '',
    attempt.time_seconds !== null ? `Time ${shortDuration(attempt.time_seconds)}` : '',
  ].filter(Boolean);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="answers-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function InteractionCard({ interaction, showSco }: { interaction: AnswerInteraction; showSco: boolean }) {
  const tone = resultTone(interaction.result);
  const correct = interaction.correct_responses.map(readableResponse).filter(Boolean);
  return (
    <li className="answers-card" data-testid="answer">
      <div className="answers-card__head">
        <span className="answers-card__id">
          {interaction.position + 1}. {interaction.id}
        </span>
        {interaction.result ? (
          <span className={`answers-result answers-result--${tone}`}>{resultLabel(interaction.result)}</span>
        ) : (
          <span className="answers-result answers-result--other">No result</span>
        )}
      </div>
      {interaction.description ? <p className="answers-card__question">{interaction.description}</p> : null}
      <dl className="answers-card__fields">
        <Field label="Answer">
          {readableResponse(interaction.learner_response) || <span className="answers-muted">No answer given</span>}
        </Field>
        {correct.length > 0 ? (
          <Field label={correct.length > 1 ? 'Correct answers' : 'Correct answer'}>{correct.join(' or ')}</Field>
        ) : null}
        {interaction.type ? <Field label="Type">{statusLabel(interaction.type)}</Field> : null}
        {interaction.weighting ? <Field label="Weighting">{interaction.weighting}</Field> : null}
        {interaction.latency ? (
          <Field label="Took">
            {interaction.latency_seconds !== null ? shortDuration(interaction.latency_seconds) : interaction.latency}
          </Field>
        ) : null}
        <Field label="When">{formatDateTime(interaction.answered_at)}</Field>
        {showSco ? <Field label="Part">{interaction.sco}</Field> : null}
      </dl>
    </li>
  );
}

function AttemptSection({ attempt, isNewest, showSco }: { attempt: AnswerAttempt; isNewest: boolean; showSco: boolean }) {
  const isEmpty = attempt.objectives.length === 0 && attempt.interactions.length === 0;
  return (
    <details className="answers-attempt" open={isNewest} data-testid="answers-attempt">
      <summary className="answers-attempt__summary">
        <span className="answers-attempt__title">
          Attempt {attempt.number}
          {isNewest ? ' (latest)' : ''}
        </span>
        <span className="answers-attempt__meta">{attemptSummary(attempt).join(' · ')}</span>
      </summary>
      {isEmpty ? <p className="answers-empty">No objectives or answers were recorded in this attempt.</p> : null}
      {attempt.objectives.length > 0 ? (
        <section aria-label={`Objectives of attempt ${attempt.number}`}>
          <h4 className="answers-heading">Objectives</h4>
          <ul className="answers-objectives">
            {attempt.objectives.map((o) => (
              <li key={`${o.sco}:${o.id}`} className="answers-objective" data-testid="objective">
                <span className="answers-objective__id">{o.id}</span>
                <span className="answers-objective__status">{objectiveStatus(o)}</span>
                {objectiveScore(o) ? <span className="answers-objective__score">Score {objectiveScore(o)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {attempt.interactions.length > 0 ? (
        <section aria-label={`Answers of attempt ${attempt.number}`}>
          <h4 className="answers-heading">Answers ({attempt.interactions.length})</h4>
          <ol className="answers-cards">
            {attempt.interactions.map((i) => (
              <InteractionCard key={`${i.sco}:${i.position}`} interaction={i} showSco={showSco} />
            ))}
          </ol>
        </section>
      ) : !isEmpty ? (
        <p className="answers-empty">No answers were recorded in this attempt.</p>
      ) : null}
    </details>
  );
}

/** What the learner answered, attempt by attempt (newest first, open; older ones folded). */
export function AnswersBody({ data }: { data: EnrolmentAnswers }) {
  const scos = new Set(data.attempts.flatMap((a) => [...a.interactions.map((i) => i.sco), ...a.objectives.map((o) => o.sco)]));
  if (data.attempts.length === 0) {
    return <p className="answers-empty">{data.enrollment.learner_name} has not opened this course yet, so there are no answers to show.</p>;
  }
  return (
    <div className="answers" data-testid="answers">
      <p className="answers-lead">
        {data.attempts.length === 1 ? 'One attempt' : `${data.attempts.length} attempts, newest first`}
        {data.enrollment.score !== null ? ` · course score ${data.enrollment.score}%` : ''}
      </p>
      {data.attempts.map((attempt, index) => (
        <AttemptSection key={attempt.id} attempt={attempt} isNewest={index === 0} showSco={scos.size > 1} />
      ))}
    </div>
  );
}

/** The answers of one enrolment in a wide dialog: from a /reporting row and from the admin's learner screen. */
export function AnswersModal({
  api,
  enrolmentId,
  learnerName,
  courseName,
  onClose,
}: {
  api: ApiClient;
  enrolmentId: number;
  learnerName: string;
  courseName: string;
  onClose: () => void;
}) {
  const answers = useApiQuery(`enrolment-answers:${enrolmentId}`, () => api.call(enrolmentAnswers, { params: { id: enrolmentId } }));
  return (
    <Modal open size="wide" title={`Answers: ${learnerName}`} onClose={onClose}>
      <p className="answers-course">{courseName}</p>
      {answers.status === 'loading' ? <Spinner label="Loading the answers…" /> : null}
      {answers.status === 'error' ? <LoadError error={answers.error} onRetry={answers.reload} what="the answers" /> : null}
      {answers.status === 'success' ? <AnswersBody data={answers.data.data} /> : null}
    </Modal>
  );
}
