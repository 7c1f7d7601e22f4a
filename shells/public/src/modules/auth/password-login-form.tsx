import { useForm } from 'react-hook-form';
import { lazyResolver } from '@portal/frontend-kit';
import { BoundField, SignInForm } from '@portal/frontend-kit/forms';
import { useLoginSubmit } from './use-login-submit';

const resolver = lazyResolver<PasswordLoginValues>(() => import('./login-resolvers').then((module) => module.passwordLoginResolver));

interface PasswordLoginValues {
  email?: string;
  password?: string;
}

export function PasswordLoginForm() {
  const form = useForm<PasswordLoginValues>({ resolver, defaultValues: { email: '', password: '' } });
  const signIn = useLoginSubmit(form, (values) => ({ email: values.email, password: values.password }), ['email', 'password']);

  return (
    <SignInForm {...signIn} submitLabel="Sign in">
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
