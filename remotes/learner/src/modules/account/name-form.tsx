import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { USER_MESSAGES, userUpdate, type ApiClient } from '@portal/contracts';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { nameSchema, nameUpdateError, splitName, type NameValues } from '../enrollments/name-confirmation';

/**
 * The learner's name, with the name confirmation's rules and messages (spec §5, §8): first and
 * last name, split at the first space, saved (PATCH /api/user/{own id}, only { name }) if changed.
 */
export function NameForm({ api, userId, name, onSaved }: { api: ApiClient; userId: number; name: string; onSaved: (name: string) => void }) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: splitName(name) });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    const next = `${values.first_name.trim()} ${values.last_name.trim()}`;
    if (next === name.trim()) {
      setNotice({ tone: 'success', text: 'Your name is unchanged.' });
      return;
    }
    try {
      const response = await api.call(userUpdate, { params: { id: userId }, body: { name: next } });
      setNotice({ tone: 'success', text: response.message || USER_MESSAGES.updated });
      onSaved(next);
    } catch (failure) {
      setNotice({ tone: 'error', text: nameUpdateError(failure) });
    }
  });

  return (
    <form className="learner-account__form" onSubmit={onSubmit} noValidate aria-label="Your name">
      <p className="learner-account__muted">This is the name printed on your certificates.</p>
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      ) : null}
      <div className="learner-account__row">
        <FormField label="First name" htmlFor="account-first-name" error={errors.first_name?.message}>
          <TextInput id="account-first-name" autoComplete="given-name" invalid={Boolean(errors.first_name)} {...register('first_name')} />
        </FormField>
        <FormField label="Last name" htmlFor="account-last-name" error={errors.last_name?.message}>
          <TextInput id="account-last-name" autoComplete="family-name" invalid={Boolean(errors.last_name)} {...register('last_name')} />
        </FormField>
      </div>
      <div>
        <Button type="submit" loading={isSubmitting}>
          Save name
        </Button>
      </div>
    </form>
  );
}
