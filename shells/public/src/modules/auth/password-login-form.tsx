import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { lazyResolver } from '@portal/frontend-kit';
import { submitLogin } from './submit-login';

const resolver = lazyResolver<PasswordLoginValues>(() => import('./login-resolvers').then((module) => module.passwordLoginResolver));

interface PasswordLoginValues {
  email?: string;
  password?: string;
}

export function PasswordLoginForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordLoginValues>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setFormError(await submitLogin({ email: values.email, password: values.password }, setError, ['email', 'password']));
  });

  return (
    <form className="public-form" onSubmit={onSubmit} noValidate>
      {formError ? (
        <Notice tone="error" title="Sign-in failed" onDismiss={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <FormField label="Email address" htmlFor="login-email" error={errors.email?.message}>
        <TextInput id="login-email" type="email" autoComplete="username" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <FormField label="Password" htmlFor="login-password" error={errors.password?.message}>
        <TextInput
          id="login-password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          {...register('password')}
        />
      </FormField>
      <div className="public-form__row">
        <a href="/password/reset" className="ds-link">
          Forgot your password?
        </a>
      </div>
      <Button type="submit" loading={isSubmitting} className="public-form__submit">
        Sign in
      </Button>
    </form>
  );
}
