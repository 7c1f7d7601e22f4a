import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, CERTIFICATE_MESSAGES, type ApiClient } from '@portal/contracts';
import { withdrawPass } from '@portal/contracts/schemas';
import { Button, FormField, Modal, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';

const reasonSchema = withdrawPass.body!;

/**
 * Withdraw a pass (admin): a required reason, kept with who and when; the certificate is revoked
 * and /verify says so from then on. Destructive, so it asks first and says what follows.
 */
export function WithdrawPassModal({ api, enrollment, onClose, onWithdrawn }: {
  api: ApiClient;
  enrollment: { id: number; course: { name: string }; certificate_code: string | null } | null;
  onClose: () => void;
  onWithdrawn: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<z.input<typeof reasonSchema>, unknown, z.output<typeof reasonSchema>>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    if (!enrollment) return;
    setFailure(null);
    try {
      const response = await api.call(withdrawPass, { params: { id: enrollment.id }, body: values });
      reset();
      onWithdrawn(response.message || CERTIFICATE_MESSAGES.passWithdrawn);
    } catch (error) {
      console.error('Failed to withdraw the pass', error);
      const message = applyServerErrors(error, setError, ['reason']);
      if (message !== null) setFailure(error instanceof ApiError && error.status < 500 ? error.message : 'The pass could not be withdrawn.');
    }
  });
  return (
    <Modal
      open={enrollment !== null}
      title="Withdraw pass"
      onClose={() => !isSubmitting && close()}
      footer={
        <>
          <Button variant="secondary" disabled={isSubmitting} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" form="withdraw-pass-form" loading={isSubmitting}>
            Withdraw pass
          </Button>
        </>
      }
    >
      <form id="withdraw-pass-form" onSubmit={onSubmit} noValidate aria-label="Withdraw pass">
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <p>
          Withdraw the pass of <strong>{enrollment?.course.name}</strong>? Its certificate
          {enrollment?.certificate_code ? ` ${enrollment.certificate_code}` : ''} is revoked: it can no longer be downloaded, and anyone who checks it is told it was revoked.
        </p>
        <FormField label="Reason" htmlFor="withdraw-pass-reason" error={errors.reason?.message} hint="Required: kept with your name and the date.">
          <textarea id="withdraw-pass-reason" className="ds-input admin-textarea" rows={3} {...register('reason')} />
        </FormField>
      </form>
    </Modal>
  );
}
