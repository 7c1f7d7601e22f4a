import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '@portal/contracts';
import { Button, Modal, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

interface ReasonModalProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  schema: ReasonSchema;
  /** What the action does, shown above the reason. */
  children: ReactNode;
  submit: (values: { reason: string }) => Promise<string>;
  /** The line shown when the server fails without a refusal of its own (spec §8: the failure is logged too). */
  failureText: string;
  /** The console line a failure is logged with. */
  logText: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The reason form: a failure without a refusal of its own is logged and said in one line. */
function useReasonForm({
  schema,
  submit,
  failureText,
  logText,
  onClose,
  onDone,
}: Pick<ReasonModalProps, 'schema' | 'submit' | 'failureText' | 'logText' | 'onClose' | 'onDone'>) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const message = await submit(values);
      reset();
      onDone(message);
    } catch (error) {
      console.error(logText, error);
      if (applyServerErrors(error, setError, ['reason']) !== null)
        setFailure(error instanceof ApiError && error.status < 500 ? error.message : failureText);
    }
  });
  return { form, failure, close, onSubmit };
}

/**
 * An admin action on a learner's result that must say why (manual pass, withdraw pass): a modal
 * with what will happen, a required reason kept with who and when, server errors under the field
 * and a short line for anything else. `submit` sends it and answers the success message.
 */
export function ReasonModal({
  open,
  title,
  confirmLabel,
  danger = false,
  schema,
  children,
  submit,
  failureText,
  logText,
  onClose,
  onDone,
}: ReasonModalProps) {
  const formId = useId();
  const reasonId = useId();
  const { form, failure, close, onSubmit } = useReasonForm({ schema, submit, failureText, logText, onClose, onDone });
  const { isSubmitting } = form.formState;
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => !isSubmitting && close()}
      footer={
        <>
          <Button variant="secondary" disabled={isSubmitting} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} form={formId} loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={title}>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {children}
        <BoundField form={form} name="reason" id={reasonId} label="Reason" hint="Required: kept with your name and the date.">
          {(control) => <textarea className="ds-input admin-textarea" rows={3} {...control} />}
        </BoundField>
      </form>
    </Modal>
  );
}
