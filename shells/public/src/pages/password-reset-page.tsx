import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, IDENTITY_MESSAGES, passwordEmail, passwordReset } from '@portal/contracts';
import { emailRequestBodySchema, passwordResetBodySchema } from '@portal/contracts/schemas';
import { Card, Notice } from '@portal/design-system';
import { BoundField, SignInForm, type FormNotice } from '@portal/frontend-kit/forms';
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

/** The server's messages as a list under the form's title (spec §8). */
function serverErrorsNotice(messages: string[]): FormNotice | null {
  if (!messages.length) return null;
  const list = (
    <ul className="public-form__errors" data-testid="server-errors">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
  return { tone: 'error', title: 'Please check the following', text: list };
}

function RequestLinkForm() {
  const [isSent, setSent] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const form = useForm<{ email: string }>({ resolver: zodResolver(emailRequestBodySchema), defaultValues: { email: '' } });
  const typedEmail = useWatch({ control: form.control, name: 'email' });

  const onSubmit = form.handleSubmit(async (values) => {
    setMessages([]);
    setSent(false);
    try {
      await api.call(passwordEmail, { body: values });
      setSent(true);
    } catch (error) {
      setMessages(serverMessages(error));
    }
  });

  const sentNotice: FormNotice = { tone: 'success', title: 'Check your email', text: IDENTITY_MESSAGES.resetLinkSent, canDismiss: false };
  return (
    <SignInForm
      label="Request a password reset link"
      className="public-form"
      intro={<p>Enter the email address you sign in with and we&rsquo;ll send you a link to choose a new password.</p>}
      notice={isSent ? sentNotice : serverErrorsNotice(messages)}
      onDismissNotice={() => setMessages([])}
      onSubmit={onSubmit}
      submitLabel="Send password reset link"
      isSubmitting={form.formState.isSubmitting}
      isSubmitDisabled={!typedEmail}
      submitClassName="public-form__submit"
    >
      <BoundField form={form} name="email" id="reset-email" label="Email address" type="email" autoComplete="email" />
    </SignInForm>
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
  const form = useForm<ResetValues>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { email, password: '', password_confirmation: '', token },
  });
  const [password, passwordConfirmation] = useWatch({ control: form.control, name: ['password', 'password_confirmation'] });

  const onSubmit = form.handleSubmit(async (values) => {
    setMessages([]);
    try {
      await api.call(passwordReset, { body: values });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of ['email', 'password', 'password_confirmation'] as const) {
          const fieldErrors = error.fieldErrors[field];
          if (fieldErrors?.length) form.setError(field, { type: 'server', message: fieldErrors.join(' ') });
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
  return (
    <SignInForm
      label="Choose a new password"
      className="public-form"
      intro={<p>Choose a new password of at least 8 characters.</p>}
      notice={serverErrorsNotice(messages)}
      onDismissNotice={() => setMessages([])}
      onSubmit={onSubmit}
      submitLabel="Reset password"
      isSubmitting={form.formState.isSubmitting}
      isSubmitDisabled={!password || !passwordConfirmation}
      submitClassName="public-form__submit"
    >
      <input type="hidden" {...form.register('token')} />
      <BoundField form={form} name="email" id="reset-email" label="Email address" type="email" autoComplete="username" />
      <BoundField form={form} name="password" id="reset-password" label="New password" type="password" autoComplete="new-password" />
      <BoundField
        form={form}
        name="password_confirmation"
        id="reset-password-confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </SignInForm>
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
