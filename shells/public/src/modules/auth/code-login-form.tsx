import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { lazyResolver } from '@portal/frontend-kit';
import { submitLogin } from './submit-login';

interface CodeLoginValues {
  login_code: string;
}
const resolver = lazyResolver<CodeLoginValues>(() => import('./login-resolvers').then((module) => module.codeLoginResolver));

export function CodeLoginForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeLoginValues>({ resolver, defaultValues: { login_code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setFormError(await submitLogin({ login_code: values.login_code }, setError, ['login_code']));
  });

  return (
    <form className="public-form" onSubmit={onSubmit} noValidate>
      {formError ? (
        <Notice tone="error" title="Sign-in failed" onDismiss={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <FormField
        label="Your login code"
        htmlFor="login-code"
        hint="Your employer or training provider gave you this code."
        error={errors.login_code?.message}
      >
        <TextInput
          id="login-code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          invalid={Boolean(errors.login_code)}
          {...register('login_code')}
        />
      </FormField>
      <Button type="submit" loading={isSubmitting} className="public-form__submit">
        Sign in with code
      </Button>
    </form>
  );
}
