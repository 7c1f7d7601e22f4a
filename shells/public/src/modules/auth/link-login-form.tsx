import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, requestLoginLink } from '@portal/contracts';
import { lazyResolver } from '@portal/frontend-kit';
import { BoundField, SignInForm, type FormNotice } from '@portal/frontend-kit/forms';
import { api } from '../api/api-client';

const resolver = lazyResolver<LinkLoginValues>(() => import('./login-resolvers').then((module) => module.linkLoginResolver));

interface LinkLoginValues {
  email: string;
}

/** Emails a single-use sign-in link (POST /api/auth/login-link); the answer is the same for any email. */
export function LinkLoginForm() {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const form = useForm<LinkLoginValues>({ resolver, defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(requestLoginLink, { body: values });
      setNotice({
        tone: 'success',
        title: 'Check your email',
        text: response.message ?? 'Sign-in link sent! Please check your email.',
        canDismiss: false,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.fieldErrors.email) {
        form.setError('email', { type: 'server', message: error.fieldErrors.email.join(' ') });
      } else {
        const text =
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'We could not send the link right now. Please try again in a moment.';
        setNotice({ tone: 'error', title: 'The link was not sent', text });
      }
    }
  });

  return (
    <SignInForm
      label="Email me a sign-in link"
      className="public-form"
      intro={<p>We&rsquo;ll email you a link that signs you in once, within 15 minutes.</p>}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      onSubmit={onSubmit}
      submitLabel="Email me a sign-in link"
      isSubmitting={form.formState.isSubmitting}
      submitClassName="public-form__submit"
    >
      <BoundField form={form} name="email" id="link-email" label="Email address" type="email" autoComplete="email" />
    </SignInForm>
  );
}
