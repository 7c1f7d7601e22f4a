import { ENROLLING_MESSAGES, type ExistingLearnerInfo } from '@portal/contracts';
import { Button, Modal } from '@portal/design-system';

/**
 * Spec §8 "Existing learner": who it is, what they are on, one learner per email, and the two ways
 * on. Also for a learner without an email whose name is already a learner's (issue 32 item 1).
 */
export function ExistingLearnerModal({
  info,
  isAddingBlank,
  onSelectExisting,
  onAddBlank,
  onClose,
}: {
  info: (ExistingLearnerInfo & { match?: 'email' | 'name'; existing_user_company_name?: string }) | null;
  isAddingBlank: boolean;
  onSelectExisting: () => void;
  onAddBlank: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={info !== null}
      title={ENROLLING_MESSAGES.learnerExists}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="secondary" loading={isAddingBlank} onClick={onAddBlank}>
            Add new account with blank email
          </Button>
          <Button type="button" onClick={onSelectExisting}>
            Select existing employee
          </Button>
        </>
      }
    >
      {info ? (
        <div className="enrol-existing-learner" data-testid="existing-learner">
          <p>
            <strong>{info.existing_user_name}</strong>
            {info.existing_user_company_name ? ` (${info.existing_user_company_name})` : ''} already has an account
            {info.match === 'name' ? ' under this name, without an email address,' : ' with this email address'}
            {info.existing_user_enrollments.length ? ' and is enrolled on:' : ' and is not enrolled on any course yet.'}
          </p>
          {info.existing_user_enrollments.length ? (
            <ul>
              {info.existing_user_enrollments.map((course) => (
                <li key={course}>{course}</li>
              ))}
            </ul>
          ) : null}
          <p>
            The system allows one learner per email address. Select the existing employee to enrol them, or add a new account with a blank
            email: that learner signs in with a login code.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
