import { ENROLLING_MESSAGES } from '@portal/contracts';
import { Button, Modal } from '@portal/design-system';

interface OutstandingLearnersModalProps {
  isOpen: boolean;
  learnerCount: number;
  onStay: () => void;
  onLeave: () => void;
  onFinalise: () => void;
}

/** Asked when the manager leaves the wizard with learners chosen but not enrolled (spec §4). */
export function OutstandingLearnersModal({ isOpen, learnerCount, onStay, onLeave, onFinalise }: OutstandingLearnersModalProps) {
  return (
    <Modal
      open={isOpen}
      title={ENROLLING_MESSAGES.outstandingTitle}
      onClose={onStay}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onLeave}>
            Leave without enrolling
          </Button>
          <Button type="button" onClick={onFinalise}>
            Finalise Enrollment
          </Button>
        </>
      }
    >
      <p>
        You have chosen {learnerCount} learner{learnerCount === 1 ? '' : 's'} who {learnerCount === 1 ? 'is' : 'are'} not enrolled yet.
        Finalise the enrolment now, or leave and lose your choices?
      </p>
    </Modal>
  );
}
