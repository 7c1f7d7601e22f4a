import { useState } from 'react';
import { ApiError, deleteEnrolment, type ApiClient } from '@portal/contracts';
import { Button } from '@portal/design-system';
import { announceCreditBalanceChanged } from '@portal/frontend-kit';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import type { EditedEnrolment } from './edit-enrolment-fields';

interface DeleteEnrolmentSectionProps {
  api: ApiClient;
  enrolment: EditedEnrolment;
  onDeleted: (message: string) => void;
  onFailed: (message: string) => void;
}

/** Delete with refund, while the course is not started; asks first. */
export function DeleteEnrolmentSection({ api, enrolment, onDeleted, onFailed }: DeleteEnrolmentSectionProps) {
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  async function onDelete() {
    setDeleting(true);
    try {
      const answer = await api.call(deleteEnrolment, { params: { id: enrolment.id } });
      announceCreditBalanceChanged();
      onDeleted(answer.message);
    } catch (error) {
      onFailed(error instanceof ApiError && error.status < 500 ? error.message : 'An error occurred while deleting the enrolment.');
    } finally {
      // Spec §4: the modal closes when the request finishes, whether it succeeded or failed.
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <section className="edit-enrolment__danger" aria-label="Delete enrolment">
        <p className="reporting-muted">
          Deleting an enrolment is only available if the employee has not started the course. Its credits are refunded to your balance.
        </p>
        <Button variant="danger" disabled={!enrolment.editable} onClick={() => setConfirming(true)}>
          Delete enrolment
        </Button>
      </section>
      <ConfirmModal
        open={isConfirming}
        title="Delete enrolment"
        confirmLabel="Delete and refund"
        isBusy={isDeleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      >
        <p>
          Delete the enrolment of {enrolment.learner.name} on {enrolment.course.name}? The credits it cost are refunded to your balance.
          This cannot be undone.
        </p>
      </ConfirmModal>
    </>
  );
}
