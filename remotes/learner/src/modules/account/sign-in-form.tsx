import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type ApiClient } from '@portal/contracts';
import {
  learnerSignInDetails,
  learnerSignInDetailsBodySchema,
  learnerSignInSetUp,
  learnerSignInSetUpBodySchema,
} from '@portal/contracts/schemas';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField, PasswordChangeFields, SignInForm, type FormNotice } from '@portal/frontend-kit/forms';

const detailsSchema = learnerSignInDetailsBodySchema;
type DetailsValues = z.input<typeof detailsSchema>;

/** A learner with a password: a new email and/or a new password, proven by the current password. */
export function SignInDetailsForm({ api, email, onSaved }: { api: ApiClient; email: string | null; onSaved: (email: string) => void }) {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const form = useForm<DetailsValues, unknown, z.output<typeof detailsSchema>>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { email: email ?? '', current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(learnerSignInDetails, { body: values });
      setNotice({ tone: 'success', text: response.message });
      form.reset({ email: response.email, current_password: '', password: '', password_confirmation: '' });
      onSaved(response.email);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email', 'current_password', 'password', 'password_confirmation']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  return (
    <SignInForm
      label="Email and password"
      className="learner-account__form"
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      onSubmit={onSubmit}
      submitLabel="Save email and password"
      isSubmitting={form.formState.isSubmitting}
    >
      <BoundField form={form} name="email" id="account-email" label="Email address" type="email" autoComplete="email" />
      <PasswordChangeFields form={form} hasConfirmation currentPasswordHint="Needed to change your email or password." />
    </SignInForm>
  );
}

const setUpSchema = learnerSignInSetUpBodySchema;
type SetUpValues = z.input<typeof setUpSchema>;

/** A learner without a password: a link to the address they give lets them choose one (and proves the address). */
export function SignInSetUpForm({ api, email }: { api: ApiClient; email: string | null }) {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const form = useForm<SetUpValues, unknown, z.output<typeof setUpSchema>>({
    resolver: zodResolver(setUpSchema),
    defaultValues: { email: email ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(learnerSignInSetUp, { body: values });
      setNotice({ tone: 'success', text: response.message ?? 'Check your email.' });
    } catch (error) {
      const message = applyServerErrors(error, form.setError, ['email']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  const intro = (
    <p className="learner-account__muted">
      You sign in with your login code. To sign in with an email address and a password as well, enter your email: we will send you a link
      to choose your password.
    </p>
  );
  return (
    <SignInForm
      label="Sign in with email and password"
      className="learner-account__form"
      intro={intro}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      onSubmit={onSubmit}
      submitLabel="Email me a link to set my password"
      isSubmitting={form.formState.isSubmitting}
    >
      <BoundField form={form} name="email" id="account-set-up-email" label="Email address" type="email" autoComplete="email" />
    </SignInForm>
  );
}
