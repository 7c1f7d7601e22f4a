import { useState } from 'react';
import { ApiError, personAnonymise, personRemove, type ApiClient, type Person } from '@portal/contracts';
import { Button, Card, Notice } from '@portal/design-system';
import { ConfirmModal } from '@portal/frontend-kit/confirm';

export interface PersonRemovalProps {
  api: ApiClient;
  companyId: number;
  person: Person;
  onRemoved: (message: string) => void;
  onAnonymised: (person: Person, message: string) => void;
}

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong on our side. Please try again in a moment.';

/**
 * Removing a learner: one without enrolments is deleted; one with enrolments is anonymised instead
 * (their records stay, without their name). Either asks first, saying what it takes.
 */
export function PersonRemoval({ api, companyId, person, onRemoved, onAnonymised }: PersonRemovalProps) {
  const [isConfirming, setConfirming] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canRemove = person.enrolments === 0;
  if (person.anonymised) return null;

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const params = { companyId, userId: person.id };
      if (canRemove) onRemoved((await api.call(personRemove, { params })).message);
      else {
        const answer = await api.call(personAnonymise, { params });
        onAnonymised(answer.data, answer.message);
      }
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const title = canRemove ? 'Remove learner' : 'Anonymise learner';
  return (
    <Card title={title}>
      <div className="people-form">
        {error ? (
          <Notice tone="error" onDismiss={() => setError(null)}>
            {error}
          </Notice>
        ) : null}
        <p className="people-muted">
          {canRemove
            ? 'This learner has no enrolments: their account can be removed.'
            : 'This learner has enrolments, so their account stays with their records. Anonymising removes who they are.'}
        </p>
        <div className="people-actions">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {title}
          </Button>
        </div>
      </div>
      <ConfirmModal
        open={isConfirming}
        title={title}
        confirmLabel={canRemove ? 'Remove learner' : 'Anonymise learner'}
        isBusy={isBusy}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      >
        {canRemove ? (
          <p>
            {person.name}&rsquo;s account is deleted, with their login code{person.email ? ' and email address' : ''}. They can no longer
            sign in. This cannot be undone.
          </p>
        ) : (
          <p>
            {person.name}&rsquo;s name, email address, login code and password are removed, and they are signed out. Their{' '}
            {person.enrolments === 1 ? 'enrolment' : `${person.enrolments} enrolments`}, results and certificates stay, without their name.
            This cannot be undone.
          </p>
        )}
      </ConfirmModal>
    </Card>
  );
}
