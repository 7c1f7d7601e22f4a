import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { USER_MESSAGES, userUpdate, type ApiClient } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';
import { nameSchema, nameUpdateError, splitName, type NameValues } from '../enrolments/name-confirmation';

/**
 * The learner's name, with the name confirmation's rules and messages (spec §5, §8): first and
 * last name, split at the first space, saved (PATCH /api/user/{own id}, only { name }) if changed.
 */
export function NameForm({
  api,
  userId,
  name,
  onSaved,
}: {
  api: ApiClient;
  userId: number;
  name: string;
  onSaved: (name: string) => void;
}) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: splitName(name) });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

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
        <BoundField form={form} name="first_name" id="account-first-name" label="First name" autoComplete="given-name" />
        <BoundField form={form} name="last_name" id="account-last-name" label="Last name" autoComplete="family-name" />
      </div>
      <div>
        <Button type="submit" loading={isSubmitting}>
          Save name
        </Button>
      </div>
    </form>
  );
}
