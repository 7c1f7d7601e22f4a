import { useState } from 'react';
import type { DepotDeletionPreview } from '@portal/contracts';
import { Button, Modal, Spinner } from '@portal/design-system';
import { LoadError } from '../data/load-error';
import { useApiQuery } from '../data/use-api-query';
import { countNoun } from '../text/count-noun';

export interface DepotDeletionProps {
  /** The depot to delete; null while nothing is being deleted. */
  depot: { id: number; name: string } | null;
  /** What the depot holds, read when deletion starts (nothing is deleted silently). */
  loadPreview: (depotId: number) => Promise<DepotDeletionPreview>;
  /** Deletes the depot, first moving its learners to the parent when asked; reports the outcome itself. */
  onDelete: (moveToParent: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * Deleting a depot (spec §2): the modal titled 'Delete Depot' with its one button, 'Delete Depot'.
 * A depot that holds learners or enrolments first asks whether to keep them by moving them to the
 * parent company; the modal then says which will happen (docs/decisions.md, issue 32 item 7).
 */
export function DepotDeletion(props: DepotDeletionProps) {
  // Keyed by the depot, so each deletion starts with the question unanswered.
  return props.depot ? <DepotDeletionSteps key={props.depot.id} {...props} depot={props.depot} /> : null;
}

function DepotDeletionSteps({ depot, loadPreview, onDelete, onClose }: DepotDeletionProps & { depot: { id: number; name: string } }) {
  const preview = useApiQuery(`depot-preview:${depot.id}`, () => loadPreview(depot.id));
  const [moveToParent, setMoveToParent] = useState<boolean | null>(null);
  const [isBusy, setBusy] = useState(false);
  const counts = preview.status === 'success' ? preview.data : null;
  const parent = counts?.parent && counts.learners + counts.enrollments > 0 ? counts.parent : null;
  const close = () => !isBusy && onClose();

  async function confirm() {
    setBusy(true);
    try {
      await onDelete(moveToParent === true);
    } finally {
      // Spec §4: the modal closes when the request finishes, whether it succeeded or failed.
      setBusy(false);
      onClose();
    }
  }

  if (counts && parent && moveToParent === null) {
    return (
      <Modal
        open
        title="Keep the depot’s learners?"
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={() => setMoveToParent(false)}>
              Delete them with the depot
            </Button>
            <Button onClick={() => setMoveToParent(true)}>Move them to {parent.name}</Button>
          </>
        }
      >
        <p data-testid="depot-deletion-preview">
          The {depot.name} depot holds <strong>{countNoun(counts.learners, 'learner')}</strong>, {countNoun(counts.managers, 'manager')} and{' '}
          <strong>{countNoun(counts.enrollments, 'enrolment')}</strong>.
        </p>
        <p>
          Moving them to {parent.name} keeps the learners, their enrolments and certificates and the depot’s remaining credits there. You
          confirm the deletion next.
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="Delete Depot"
      onClose={close}
      footer={
        <Button variant="danger" loading={isBusy} disabled={preview.status === 'loading'} onClick={() => void confirm()}>
          Delete Depot
        </Button>
      }
    >
      <p>Are you sure you want to delete the {depot.name} depot? This action can not be undone.</p>
      {preview.status === 'loading' ? <Spinner label="Counting the depot’s learners…" /> : null}
      {preview.status === 'error' ? <LoadError error={preview.error} onRetry={preview.reload} what="what the depot holds" /> : null}
      {counts && parent && moveToParent ? (
        <p data-testid="depot-deletion-outcome">{movedSentence(counts, parent.name)}</p>
      ) : counts ? (
        <p data-testid="depot-deletion-outcome">
          This depot holds <strong>{countNoun(counts.learners, 'learner')}</strong>, {countNoun(counts.managers, 'manager')} and{' '}
          <strong>{countNoun(counts.enrollments, 'enrolment')}</strong>.{' '}
          {counts.learners + counts.managers + counts.enrollments > 0 ? 'Delete Depot deletes all of them.' : ''}
        </p>
      ) : null}
    </Modal>
  );
}

/** What Delete Depot does once the learners are to move: moved, with the credits; managers are deleted with the depot. */
function movedSentence(counts: DepotDeletionPreview, parentName: string) {
  const moved = `Its ${countNoun(counts.learners, 'learner')} and ${countNoun(counts.enrollments, 'enrolment')} move to ${parentName} first, with the depot’s remaining credits`;
  if (counts.managers === 0) return `${moved}.`;
  return `${moved}; ${counts.managers === 1 ? 'its manager is' : `its ${counts.managers} managers are`} deleted with it.`;
}
