import { useState, type ReactNode } from 'react';
import { ApiError, personNewLoginCode, type ApiClient, type Person } from '@portal/contracts';
import { Button, Card, Notice } from '@portal/design-system';
import { ConfirmModal } from '@portal/frontend-kit/confirm';

export interface LoginCodeCardProps {
  api: ApiClient;
  companyId: number;
  person: Person;
  /** The person's sign-in slip (the sign-in-slips module's downloads). */
  slip: ReactNode;
  onIssued: (person: Person, message: string) => void;
}

/** The learner's login code: shown, printed on a slip, or replaced by a new one (after saying what that does). */
export function LoginCodeCard({ api, companyId, person, slip, onIssued }: LoginCodeCardProps) {
  const [isConfirming, setConfirming] = useState(false);
  const [isIssuing, setIssuing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function issue() {
    setIssuing(true);
    setError(null);
    try {
      const answer = await api.call(personNewLoginCode, { params: { companyId, userId: person.id } });
      onIssued(answer.data, answer.message);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 ? failure.message : 'The new code could not be issued. Please try again.',
      );
    } finally {
      setIssuing(false);
      setConfirming(false);
    }
  }

  return (
    <Card title="Login code">
      <div className="people-form">
        {error ? (
          <Notice tone="error" onDismiss={() => setError(null)}>
            {error}
          </Notice>
        ) : null}
        {person.login_code ? (
          <p className="people-code people-login-code" data-testid="person-login-code">
            {person.login_code}
          </p>
        ) : (
          <p className="people-muted">{person.anonymised ? 'Anonymised: no login code.' : 'No login code yet.'}</p>
        )}
        {person.login_code ? (
          <p className="people-muted">The learner types this code on the sign-in page instead of an email and password.</p>
        ) : null}
        {person.login_code ? slip : null}
        <div className="people-actions">
          <Button variant="secondary" disabled={person.anonymised} onClick={() => setConfirming(true)}>
            Issue a new code
          </Button>
        </div>
      </div>
      <ConfirmModal
        open={isConfirming}
        title="Issue a new login code"
        confirmLabel="Issue a new code"
        isBusy={isIssuing}
        onConfirm={() => void issue()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {person.name} gets a new login code.
          {person.login_code ? ` Their current code, ${person.login_code}, stops working at once` : ' Any code they had stops working'}, and
          they are signed out wherever they are signed in. Give them the new code (print a new slip).
        </p>
      </ConfirmModal>
    </Card>
  );
}
