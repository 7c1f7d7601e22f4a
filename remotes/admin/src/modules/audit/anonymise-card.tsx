import { useState } from 'react';
import { ApiError, userAnonymise, type AdminUser, type ApiClient } from '@portal/contracts';
import { Button, Card, Notice } from '@portal/design-system';
import { ConfirmModal } from '@portal/frontend-kit/confirm';

/** What anonymising removes and what stays, said before it happens. */
export function AnonymiseExplanation({ name }: { name: string }) {
  return (
    <>
      <p>Anonymise {name}? This cannot be undone.</p>
      <p>
        <strong>Removed:</strong> their name (they become “Anonymised learner”), email, login code, password, sign-in history and the saved
        progress inside courses (SCORM suspend data). They are signed out everywhere.
      </p>
      <p>
        <strong>Kept for the compliance record:</strong> their enrolments, results and certificates (a certificate still verifies, without
        the name), and the credit ledger.
      </p>
    </>
  );
}

/** The edit-learner screen's GDPR erasure (POST /api/user/{id}/anonymise), behind a confirmation. */
export function AnonymiseCard({ api, user, onDone }: { api: ApiClient; user: AdminUser; onDone: (message: string) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (user.role !== 'learner') return null;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.call(userAnonymise, { params: { id: user.id } });
      onDone(result.message);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Failed to anonymise the learner.');
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Card title="Anonymise (GDPR erasure)">
      <p className="admin-muted">Removes this learner’s personal data and keeps their training records.</p>
      {error ? (
        <Notice tone="error" onDismiss={() => setError(null)}>
          {error}
        </Notice>
      ) : null}
      <Button variant="danger" onClick={() => setOpen(true)}>
        Anonymise learner
      </Button>
      <ConfirmModal
        open={isOpen}
        title="Anonymise learner"
        confirmLabel="Anonymise"
        isBusy={isBusy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <AnonymiseExplanation name={user.name} />
      </ConfirmModal>
    </Card>
  );
}
