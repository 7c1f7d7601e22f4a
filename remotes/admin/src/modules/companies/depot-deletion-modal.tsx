import { useState } from 'react';
import { ApiError, depotDelete, depotDeletionPreview, depotMoveToParent, type ApiClient, type Depot } from '@portal/contracts';
import { Notice } from '@portal/design-system';
import { DepotDeletion } from '@portal/frontend-kit/depots';

/**
 * Deleting a depot from the admin's Edit company screen: the kit's Delete Depot steps (what the
 * depot holds, moving its learners to the company when asked, then the one 'Delete Depot' button).
 * The modal closes when the request finishes; a failure is said below the depots.
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
  const [error, setError] = useState<string | null>(null);

  async function run(moveToParent: boolean) {
    if (!depot) return;
    setError(null);
    try {
      const params = { companyId, depotId: depot.id };
      const response = moveToParent ? await api.call(depotMoveToParent, { params }) : await api.call(depotDelete, { params });
      onDone(response.message ?? 'Depot deleted successfully!');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : 'An error occurred while deleting the depot.');
    }
  }

  return (
    <>
      {error ? (
        <Notice tone="error" onDismiss={() => setError(null)}>
          {error}
        </Notice>
      ) : null}
      <DepotDeletion
        depot={depot}
        loadPreview={(depotId) => api.call(depotDeletionPreview, { params: { companyId, depotId } })}
        onDelete={run}
        onClose={onClose}
      />
    </>
  );
}
