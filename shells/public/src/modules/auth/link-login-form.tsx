import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, requestLoginLink } from '@portal/contracts';
import { Button, FormField, Notice, TextInput } from '@portal/design-system';
import { lazyResolver } from '@portal/frontend-kit';
import { api } from '../api/api-client';

const resolver = lazyResolver<LinkLoginValues>(() => import('./login-resolvers').then((module) => module.linkLoginResolver));

interface LinkLoginValues {
  email: string;
}

/** Emails a single-use sign-in link (POST /api/auth/login-link); the answer is the same for any email. */
export function LinkLoginForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkLoginValues>({ resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const response = await api.call(requestLoginLink, { body: values });
      setSent(response.message ?? 'Sign-in link sent! Please check your email.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.fieldErrors.email) {
        setError('email', { type: 'server', message: error.fieldErrors.email.join(' ') });
      } else {
        setFormError(error instanceof ApiError && error.status < 500 ? error.message : 'We could not send the link right now. Please try again in a moment.');
      }
    }
  });

  return (
    <form className="public-form" onSubmit={onSubmit} noValidate aria-label="Email me a sign-in link">
      <p>We&rsquo;ll email you a link that signs you in once, within 15 minutes.</p>
      {sent ? (
        <Notice tone="success" title="Check your email">
          {sent}
        </Notice>
      ) : null}
      {formError ? (
        <Notice tone="error" title="The link was not sent" onDismiss={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <FormField label="Email address" htmlFor="link-email" error={errors.email?.message}>
        <TextInput id="link-email" type="email" autoComplete="email" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <Button type="submit" loading={isSubmitting} className="public-form__submit">
        Email me a sign-in link
      </Button>
    </form>
  );
}
