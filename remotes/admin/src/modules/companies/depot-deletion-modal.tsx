import { useState } from 'react';
import { ApiError, depotDelete, depotDeletionPreview, depotMoveToParent, type ApiClient, type Depot } from '@portal/contracts';
import { Button, Modal, Notice, Spinner } from '@portal/design-system';
import { countNoun, LoadError, useApiQuery } from '@portal/frontend-kit';

/**
 * Deleting a depot from the admin's Edit company screen: first says how many learners, managers and
 * enrolments it holds, and when it holds any, offers moving them (with the depot's credits) to the
 * company instead of deleting them. Closes when the request finishes, whatever the outcome.
 */
export function DepotDeletionModal({
  api,
  companyId,
  depot,
  onClose,
  onDone,
}: {
  api: ApiClient;
  companyId: number;
  depot: Depot | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useApiQuery(depot ? `depot-preview:${depot.id}` : null, async () => {
    if (!depot) throw new Error('The deletion preview loads only while the modal is open on a depot.');
    return api.call(depotDeletionPreview, { params: { companyId, depotId: depot.id } });
  });
  const counts = preview.status === 'success' ? preview.data : null;
  /** Where Move takes the learners: the parent company, offered only when the depot holds someone to move. */
  const moveTarget = counts?.parent && counts.learners + counts.enrollments > 0 ? counts.parent : null;

  async function run(moveToParent: boolean) {
    if (!depot) return;
    setBusy(true);
    setError(null);
    try {
      const params = { companyId, depotId: depot.id };
      const response = moveToParent ? await api.call(depotMoveToParent, { params }) : await api.call(depotDelete, { params });
      onDone(response.message ?? 'Depot deleted successfully!');
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : 'An error occurred while deleting the depot.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={depot !== null}
      title="Delete Depot"
      onClose={() => !isBusy && onClose()}
      footer={
        <>
          <Button variant="secondary" disabled={isBusy} onClick={onClose}>
            Cancel
          </Button>
          {moveTarget ? (
            <Button variant="secondary" disabled={isBusy} onClick={() => void run(true)}>
              Move learners to {moveTarget.name}
            </Button>
          ) : null}
          <Button variant="danger" loading={isBusy} disabled={preview.status === 'loading'} onClick={() => void run(false)}>
            Delete Depot
          </Button>
        </>
      }
    >
      <p>Are you sure you want to delete the {depot?.name} depot? This action can not be undone.</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {preview.status === 'loading' ? <Spinner label="Counting the depot’s learners…" /> : null}
      {preview.status === 'error' ? <LoadError error={preview.error} onRetry={preview.reload} what="what the depot holds" /> : null}
      {counts ? (
        <div data-testid="depot-deletion-preview">
          <p>
            This depot holds <strong>{countNoun(counts.learners, 'learner')}</strong>, {countNoun(counts.managers, 'manager')} and{' '}
            <strong>{countNoun(counts.enrollments, 'enrolment')}</strong>. Delete Depot deletes all of them.
          </p>
          {moveTarget ? (
            <p>
              <strong>Move learners to {moveTarget.name}</strong> keeps the learners, their enrolments, certificates and the depot’s
              remaining credits in {moveTarget.name}, then deletes the depot.
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
