import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { lazyResolver } from '@portal/frontend-kit';
import { BoundField, SignInForm } from '@portal/frontend-kit/forms';
import { submitLogin } from './submit-login';

interface CodeLoginValues {
  login_code: string;
}
const resolver = lazyResolver<CodeLoginValues>(() => import('./login-resolvers').then((module) => module.codeLoginResolver));

/** `initialCode`: the code a sign-in slip's QR code brought (`/login?code=…`); the learner still presses Sign in. */
export function CodeLoginForm({ initialCode = '' }: { initialCode?: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CodeLoginValues>({ resolver, defaultValues: { login_code: initialCode } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFormError(await submitLogin({ login_code: values.login_code }, form.setError, ['login_code']));
  });

  return (
    <SignInForm
      className="public-form"
      notice={formError ? { tone: 'error', title: 'Sign-in failed', text: formError } : null}
      onDismissNotice={() => setFormError(null)}
      onSubmit={onSubmit}
      submitLabel="Sign in with code"
      isSubmitting={form.formState.isSubmitting}
      submitClassName="public-form__submit"
    >
      <BoundField
        form={form}
        name="login_code"
        id="login-code"
        label="Your login code"
        hint="Your employer or training provider gave you this code."
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
      />
    </SignInForm>
  );
}
