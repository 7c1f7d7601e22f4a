import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '@portal/frontend-kit';
import { BoundField, SignInForm } from '@portal/frontend-kit/forms';
import { submitLogin } from './submit-login';

const resolver = lazyResolver<PasswordLoginValues>(() => import('./login-resolvers').then((module) => module.passwordLoginResolver));

interface PasswordLoginValues {
  email?: string;
  password?: string;
}

export function PasswordLoginForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordLoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFormError(await submitLogin({ email: values.email, password: values.password }, form.setError, ['email', 'password']));
  });

  return (
    <SignInForm
      className="public-form"
      notice={formError ? { tone: 'error', title: 'Sign-in failed', text: formError } : null}
      onDismissNotice={() => setFormError(null)}
      onSubmit={onSubmit}
      submitLabel="Sign in"
      isSubmitting={form.formState.isSubmitting}
      submitClassName="public-form__submit"
    >
      <BoundField form={form} name="email" id="login-email" label="Email address" type="email" autoComplete="username" />
      <BoundField form={form} name="password" id="login-password" label="Password" type="password" autoComplete="current-password" />
      <div className="public-form__row">
        <a href="/password/reset" className="ds-link">
          Forgot your password?
        </a>
      </div>
    </SignInForm>
  );
}
