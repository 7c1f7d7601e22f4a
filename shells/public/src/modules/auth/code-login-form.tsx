import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { submitLogin } from './submit-login';

/** The code half of the contract's login body, required here (the contract allows either way in). */
const codeLoginSchema = z.object({
  login_code: z.string().trim().min(1, 'Enter your login code.').max(64),
});
type CodeLoginValues = z.infer<typeof codeLoginSchema>;

export function CodeLoginForm() {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeLoginValues>({ resolver: zodResolver(codeLoginSchema), defaultValues: { login_code: '' } });

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
