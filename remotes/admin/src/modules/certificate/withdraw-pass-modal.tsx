import { CERTIFICATE_MESSAGES, type ApiClient } from '@portal/contracts';
import { withdrawPass, withdrawPassBodySchema } from '@portal/contracts/schemas';
import { ReasonModal } from '../admin-ui/reason-modal';

/**
 * Withdraw a pass (admin): a required reason, kept with who and when; the certificate is revoked
 * and /verify says so from then on. Destructive, so it asks first and says what follows.
 */
export function WithdrawPassModal({
  api,
  enrollment: enrolment,
  onClose,
  onWithdrawn,
}: {
  api: ApiClient;
  enrollment: { id: number; course: { name: string }; certificate_code: string | null } | null;
  onClose: () => void;
  onWithdrawn: (message: string) => void;
}) {
  return (
    <ReasonModal
      open={enrolment !== null}
      title="Withdraw pass"
      confirmLabel="Withdraw pass"
      danger
      schema={withdrawPassBodySchema}
      submit={async (values) => {
        if (!enrolment) throw new Error('The withdraw-pass modal submits only while it is open on an enrolment.');
        const response = await api.call(withdrawPass, { params: { id: enrolment.id }, body: values });
        return response.message || CERTIFICATE_MESSAGES.passWithdrawn;
      }}
      failureText="The pass could not be withdrawn."
      logText="Failed to withdraw the pass"
      onClose={onClose}
      onDone={onWithdrawn}
    >
      <p>
        Withdraw the pass of <strong>{enrolment?.course.name}</strong>? Its certificate
        {enrolment?.certificate_code ? ` ${enrolment.certificate_code}` : ''} is revoked: it can no longer be downloaded, and anyone who
        checks it is told it was revoked.
      </p>
    </ReasonModal>
  );
}
