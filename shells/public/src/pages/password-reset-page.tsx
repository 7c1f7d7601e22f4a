import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, IDENTITY_MESSAGES, passwordEmail, passwordReset } from '@portal/contracts';
import { emailRequestBodySchema, passwordResetBodySchema } from '@portal/contracts/schemas';
import { Button, Card, FormField, Notice, TextInput } from '@portal/design-system';
import { api } from '../modules/api/api-client';

/** Every message the server sent, field errors first, for the list under the form (spec §8). */
function serverMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    const fieldMessages = Object.values(error.fieldErrors).flat();
    if (fieldMessages.length) return fieldMessages;
    if (error.status < 500) return [error.message];
  }
  return ['Something went wrong on our side. Please try again in a moment.'];
}

function ServerErrors({ messages, onDismiss }: { messages: string[]; onDismiss: () => void }) {
  if (!messages.length) return null;
  return (
    <Notice tone="error" title="Please check the following" onDismiss={onDismiss}>
      <ul className="public-form__errors" data-testid="server-errors">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Notice>
  );
}

function RequestLinkForm() {
  const [isSent, setSent] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(emailRequestBodySchema), defaultValues: { email: '' } });
  const typedEmail = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async (values) => {
    setMessages([]);
    setSent(false);
    try {
      await api.call(passwordEmail, { body: values });
      setSent(true);
    } catch (error) {
      setMessages(serverMessages(error));
    }
  });

  return (
    <form className="public-form" onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
      <p>Enter the email address you sign in with and we&rsquo;ll send you a link to choose a new password.</p>
      {isSent ? (
        <Notice tone="success" title="Check your email">
          {IDENTITY_MESSAGES.resetLinkSent}
        </Notice>
      ) : null}
      <ServerErrors messages={messages} onDismiss={() => setMessages([])} />
      <FormField label="Email address" htmlFor="reset-email" error={errors.email?.message}>
        <TextInput id="reset-email" type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <Button type="submit" loading={isSubmitting} disabled={!typedEmail} className="public-form__submit">
        Send password reset link
      </Button>
    </form>
  );
}

interface ResetValues {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const [isDone, setDone] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodResolver(passwordResetBodySchema), defaultValues: { email, password: '', password_confirmation: '', token } });
  const [password, passwordConfirmation] = useWatch({ control, name: ['password', 'password_confirmation'] });

  const onSubmit = handleSubmit(async (values) => {
    setMessages([]);
    try {
      await api.call(passwordReset, { body: values });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['email', 'password', 'password_confirmation'] as const) {
          const fieldErrors = error.fieldErrors[field];
          if (fieldErrors?.length) setError(field, { type: 'server', message: fieldErrors.join(' ') });
        }
      }
      setMessages(serverMessages(error));
    }
  });

  if (isDone) {
    return (
      <div className="public-form">
        <Notice tone="success" title="Password changed">
          {IDENTITY_MESSAGES.resetDone}
        </Notice>
      </div>
    );
  }
  const isFilled = Boolean(password) && Boolean(passwordConfirmation);
  return (
    <form className="public-form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <p>Choose a new password of at least 8 characters.</p>
      <ServerErrors messages={messages} onDismiss={() => setMessages([])} />
      <input type="hidden" {...register('token')} />
      <FormField label="Email address" htmlFor="reset-email" error={errors.email?.message}>
        <TextInput id="reset-email" type="email" autoComplete="username" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <FormField label="New password" htmlFor="reset-password" error={errors.password?.message}>
        <TextInput id="reset-password" type="password" autoComplete="new-password" invalid={Boolean(errors.password)} {...register('password')} />
      </FormField>
      <FormField label="Confirm new password" htmlFor="reset-password-confirmation" error={errors.password_confirmation?.message}>
        <TextInput
          id="reset-password-confirmation"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(errors.password_confirmation)}
          {...register('password_confirmation')}
        />
      </FormField>
      <Button type="submit" loading={isSubmitting} disabled={!isFilled} className="public-form__submit">
        Reset password
      </Button>
    </form>
  );
}

/** /password/reset (request a link) and /password/reset/{token} (set a new password), spec §2 and §4. */
export function PasswordResetPage() {
  const { token } = useParams();
  const [search] = useSearchParams();
  return (
    <div className="public-narrow">
      <Card title={token ? 'Choose a new password' : 'Reset your password'}>
        {token ? <NewPasswordForm token={token} email={search.get('email') ?? ''} /> : <RequestLinkForm />}
        <div className="public-form__footer">
          <a href="/login" className="ds-link public-form__back">
            Back to Login
          </a>
        </div>
      </Card>
    </div>
  );
}
