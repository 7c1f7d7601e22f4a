import { ENROLLING_MESSAGES } from '@portal/contracts';
import { Button, Modal } from '@portal/design-system';

/** Spec §8: a failed enrolment shows 'An error has occurred' with the server's text (or the network message). */
export function EnrolErrorModal({ text, onClose }: { text: string | null; onClose: () => void }) {
  return (
    <Modal
      open={text !== null}
      title={ENROLLING_MESSAGES.errorTitle}
      onClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p data-testid="enrol-error-text">{text}</p>
    </Modal>
  );
}
