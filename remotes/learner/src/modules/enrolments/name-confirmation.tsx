import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApiError, USER_MESSAGES, userUpdate, type ApiClient } from '@portal/contracts';
import { Button, Modal, Notice } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';

/** Spec §5 name confirmation; the account page's name form uses the same rules. */
export const nameSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().trim().min(1, 'Last name is required'),
});
export type NameValues = z.infer<typeof nameSchema>;

/** The name is split at the first space into first and last (spec §5). */
export function splitName(name: string): NameValues {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  return space === -1
    ? { first_name: trimmed, last_name: '' }
    : { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1).trim() };
}

/** Spec §8 "Name update": the server's message, else 'Failed to update name'; anything else the fallback. */
export function nameUpdateError(error: unknown): string {
  if (error instanceof ApiError) return error.fieldErrors.name?.[0] ?? error.body.message ?? USER_MESSAGES.nameUpdateFailed;
  return USER_MESSAGES.nameUpdateError;
}

/**
 * Before a course starts, the learner confirms the name printed on their certificate. It is saved
 * (PATCH /api/user/{id} with only { name }) only if changed; then the course opens.
 */
export function NameConfirmation({
  api,
  userId,
  currentName,
  onConfirmed,
  onClose,
}: {
  api: ApiClient;
  userId: number;
  currentName: string;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: splitName(currentName) });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const name = `${values.first_name} ${values.last_name}`;
    try {
      if (name !== currentName.trim()) await api.call(userUpdate, { params: { id: userId }, body: { name } });
      onConfirmed();
    } catch (failure) {
      setError(nameUpdateError(failure));
    }
  });

  return (
    <Modal
      open
      title="Confirm your name"
      onClose={() => !isSubmitting && onClose()}
      footer={
        <Button type="submit" form="name-confirmation" loading={isSubmitting}>
          Confirm and start
        </Button>
      }
    >
      <form id="name-confirmation" className="learner-name-form" onSubmit={onSubmit} noValidate aria-label="Confirm your name">
        <p>This is the name that will appear on your certificate.</p>
        {error ? (
          <Notice tone="error" onDismiss={() => setError(null)}>
            {error}
          </Notice>
        ) : null}
        <BoundField form={form} name="first_name" id="first-name" label="First name" autoComplete="given-name" />
        <BoundField form={form} name="last_name" id="last-name" label="Last name" autoComplete="family-name" />
      </form>
    </Modal>
  );
}
