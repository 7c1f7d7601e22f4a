import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type ApiClient } from '@portal/contracts';
import { learnerSignInDetails, learnerSignInSetUp } from '@portal/contracts/schemas';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';

type Notice = { tone: 'success' | 'error'; text: string } | null;

function FormNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Notice tone={notice.tone} onDismiss={onDismiss}>
      {notice.text}
    </Notice>
  );
}

const detailsSchema = learnerSignInDetails.body!;
type DetailsValues = z.input<typeof detailsSchema>;

/** A learner with a password: a new email and/or a new password, proven by the current password. */
export function SignInDetailsForm({ api, email, onSaved }: { api: ApiClient; email: string | null; onSaved: (email: string) => void }) {
  const [notice, setNotice] = useState<Notice>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DetailsValues, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { email: email ?? '', current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(learnerSignInDetails, { body: values });
      setNotice({ tone: 'success', text: response.message });
      reset({ email: response.email, current_password: '', password: '', password_confirmation: '' });
      onSaved(response.email);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email', 'current_password', 'password', 'password_confirmation']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  return (
    <form className="learner-account__form" onSubmit={onSubmit} noValidate aria-label="Email and password">
      <FormNotice notice={notice} onDismiss={() => setNotice(null)} />
      <FormField label="Email address" htmlFor="account-email" error={errors.email?.message}>
        <TextInput id="account-email" type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <FormField label="New password" htmlFor="account-password" error={errors.password?.message} hint="Leave blank to keep your current password.">
        <TextInput id="account-password" type="password" autoComplete="new-password" invalid={Boolean(errors.password)} {...register('password')} />
      </FormField>
      <FormField label="Confirm new password" htmlFor="account-password-confirmation" error={errors.password_confirmation?.message}>
        <TextInput
          id="account-password-confirmation"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(errors.password_confirmation)}
          {...register('password_confirmation')}
        />
      </FormField>
      <FormField label="Current password" htmlFor="account-current-password" error={errors.current_password?.message} hint="Needed to change your email or password.">
        <TextInput id="account-current-password" type="password" autoComplete="current-password" invalid={Boolean(errors.current_password)} {...register('current_password')} />
      </FormField>
      <div>
        <Button type="submit" loading={isSubmitting}>
          Save email and password
        </Button>
      </div>
    </form>
  );
}

const setUpSchema = learnerSignInSetUp.body!;
type SetUpValues = z.input<typeof setUpSchema>;

/** A learner without a password: a link to the address they give lets them choose one (and proves the address). */
export function SignInSetUpForm({ api, email }: { api: ApiClient; email: string | null }) {
  const [notice, setNotice] = useState<Notice>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetUpValues, unknown, z.output<typeof setUpSchema>>({ resolver: zodResolver(setUpSchema), defaultValues: { email: email ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(learnerSignInSetUp, { body: values });
      setNotice({ tone: 'success', text: response.message ?? 'Check your email.' });
    } catch (error) {
      const message = applyServerErrors(error, setError, ['email']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  return (
    <form className="learner-account__form" onSubmit={onSubmit} noValidate aria-label="Sign in with email and password">
      <p className="learner-account__muted">
        You sign in with your login code. To sign in with an email address and a password as well, enter your email: we will send you a link to choose your password.
      </p>
      <FormNotice notice={notice} onDismiss={() => setNotice(null)} />
      <FormField label="Email address" htmlFor="account-set-up-email" error={errors.email?.message}>
        <TextInput id="account-set-up-email" type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <div>
        <Button type="submit" loading={isSubmitting}>
          Email me a link to set my password
        </Button>
      </div>
    </form>
  );
}
