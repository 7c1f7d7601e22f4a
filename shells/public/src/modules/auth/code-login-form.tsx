import { useForm } from 'react-hook-form';
import { lazyResolver } from '@portal/frontend-kit';
import { BoundField, SignInForm } from '@portal/frontend-kit/forms';
import { useLoginSubmit } from './use-login-submit';

interface CodeLoginValues {
  login_code: string;
}
const resolver = lazyResolver<CodeLoginValues>(() => import('./login-resolvers').then((module) => module.codeLoginResolver));

/** `initialCode`: the code a sign-in slip's QR code brought (`/login?code=…`); the learner still presses Sign in. */
export function CodeLoginForm({ initialCode = '' }: { initialCode?: string }) {
  const form = useForm<CodeLoginValues>({ resolver, defaultValues: { login_code: initialCode } });
  const signIn = useLoginSubmit(form, (values) => ({ login_code: values.login_code }), ['login_code']);

  return (
    <SignInForm {...signIn} submitLabel="Sign in with code">
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
