import { accountDepotDeletionPreview, type ApiClient } from '@portal/contracts';
import { Spinner } from '@portal/design-system';
import { countNoun, LoadError, useApiQuery } from '@portal/frontend-kit';

/**
 * The parent company's name when the depot holds anything a move to it would keep (then the modal
 * offers the move, its button naming the parent as the text does), else null.
 */
export function useDepotMoveTarget(api: ApiClient, depotId: number, open: boolean): string | null {
  const preview = useApiQuery(open ? `depot-preview:${depotId}` : null, () =>
    api.call(accountDepotDeletionPreview, { params: { id: depotId } }),
  );
  if (preview.status !== 'success' || !preview.data.parent) return null;
  return preview.data.learners + preview.data.enrollments > 0 ? preview.data.parent.name : null;
}

/** What deleting the depot would remove, read when the delete modal opens (nothing is deleted silently). */
export function DepotDeletionPreview({ api, depotId }: { api: ApiClient; depotId: number }) {
  const preview = useApiQuery(`depot-preview:${depotId}`, () => api.call(accountDepotDeletionPreview, { params: { id: depotId } }));
  if (preview.status === 'loading') return <Spinner label="Counting the depot’s learners…" />;
  if (preview.status === 'error') return <LoadError error={preview.error} onRetry={preview.reload} what="what the depot holds" />;
  const { learners, managers, enrollments: enrolments, parent } = preview.data;
  return (
    <div data-testid="depot-deletion-preview">
      <p>
        This depot holds <strong>{countNoun(learners, 'learner')}</strong>, {countNoun(managers, 'manager')} and{' '}
        <strong>{countNoun(enrolments, 'enrolment')}</strong>.
      </p>
      {parent && learners + enrolments > 0 ? (
        <p>
          <strong>Move learners to {parent.name}</strong> keeps them, their enrolments, certificates and the depot’s remaining credits in{' '}
          {parent.name}, then deletes the depot. <strong>Delete Depot</strong> deletes all of them.
        </p>
      ) : null}
    </div>
  );
}
