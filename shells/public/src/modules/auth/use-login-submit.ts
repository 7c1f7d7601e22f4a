import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SignInFormProps } from '@portal/frontend-kit/forms';
import { submitLogin, type LoginBody } from './submit-login';

/**
 * The sign-in forms' shared half (password and code): the submit that sends POST /api/auth/login,
 * its "Sign-in failed" notice and busy state, as the SignInForm props they all pass the same way.
 */
export function useLoginSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'formState'>,
  toBody: (values: T) => LoginBody,
  fields: readonly Path<T>[],
): Omit<SignInFormProps, 'submitLabel' | 'children'> {
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFormError(await submitLogin(toBody(values), form.setError, fields));
  });
  return {
    className: 'public-form',
    notice: formError ? { tone: 'error', title: 'Sign-in failed', text: formError } : null,
    onDismissNotice: () => setFormError(null),
    onSubmit,
    isSubmitting: form.formState.isSubmitting,
    submitClassName: 'public-form__submit',
  };
}
