import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type ApiClient } from '@portal/contracts';
import { accountLogin } from '@portal/contracts/schemas';
import { Button, Card, FormField, Notice, TextInput } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';

const schema = accountLogin.body!;
type Values = z.input<typeof schema>;

/** POST /account/login: name, email and — only when typed — a new password. */
export function LoginDetailsForm({ api, user, onSaved }: { api: ApiClient; user: { name: string; email: string | null }; onSaved: () => void }) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { name: user.name, email: user.email ?? '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(accountLogin, { body: values });
      setNotice({ tone: 'success', text: response.message ?? 'Saved.' });
      resetField('password');
      onSaved();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email', 'password']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  return (
    <Card title="Login details">
      <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Login details">
        {notice ? (
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)} {...(notice.tone === 'success' ? { autoHideMs: 5000 } : {})}>
            {notice.text}
          </Notice>
        ) : null}
        <FormField label="Name" htmlFor="account-name" error={errors.name?.message}>
          <TextInput id="account-name" autoComplete="name" invalid={Boolean(errors.name)} {...register('name')} />
        </FormField>
        <FormField label="Email address" htmlFor="account-email" error={errors.email?.message}>
          <TextInput id="account-email" type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
        </FormField>
        <FormField label="New password" htmlFor="account-password" error={errors.password?.message} hint="Leave blank to keep your current password.">
          <TextInput id="account-password" type="password" autoComplete="new-password" invalid={Boolean(errors.password)} {...register('password')} />
        </FormField>
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save login details
          </Button>
        </div>
      </form>
    </Card>
  );
}
