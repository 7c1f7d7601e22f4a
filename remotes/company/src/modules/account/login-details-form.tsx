import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountPasswordLink, type ApiClient } from '@portal/contracts';
import { accountLogin, accountLoginBodySchema } from '@portal/contracts/schemas';
import { Button, Card } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField, PasswordChangeFields } from '@portal/frontend-kit/forms';
import { AnswerNotice, type Answer } from '../forms/answer-notice';

const schema = accountLoginBodySchema;
type Values = z.input<typeof schema>;

/**
 * POST /account/login: name, email and — only when typed — a new password. A new email or password
 * needs the current password; an account without one asks for an emailed link to choose it.
 */
export function LoginDetailsForm({
  api,
  user,
  onSaved,
}: {
  api: ApiClient;
  user: { name: string; email: string | null; has_password: boolean };
  onSaved: () => void;
}) {
  const [notice, setNotice] = useState<Answer | null>(null);
  const [isSendingLink, setSendingLink] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, email: user.email ?? '', password: '', current_password: '' },
  });
  const {
    handleSubmit,
    setError,
    resetField,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(accountLogin, { body: values });
      setNotice({ tone: 'success', text: response.message ?? 'Saved.' });
      resetField('password');
      resetField('current_password');
      onSaved();
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        user.has_password ? ['name', 'email', 'password', 'current_password'] : ['name', 'email', 'password'],
      );
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  const sendPasswordLink = async () => {
    setNotice(null);
    setSendingLink(true);
    try {
      const response = await api.call(accountPasswordLink);
      setNotice({ tone: 'success', text: response.message ?? 'Link sent.' });
    } catch (error) {
      setNotice({ tone: 'error', text: applyServerErrors(error, setError, []) ?? 'Something went wrong. Please try again.' });
    } finally {
      setSendingLink(false);
    }
  };

  return (
    <Card title="Login details">
      <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Login details">
        <AnswerNotice answer={notice} onDismiss={() => setNotice(null)} />
        <BoundField form={form} name="name" id="account-name" label="Name" autoComplete="name" />
        <BoundField form={form} name="email" id="account-email" label="Email address" type="email" autoComplete="email" />
        {user.has_password ? (
          <PasswordChangeFields form={form} currentPasswordHint="Needed to change your email address or password." />
        ) : null}
        <div className="account-actions">
          <Button type="submit" loading={isSubmitting}>
            Save login details
          </Button>
          {user.has_password ? null : (
            <Button type="button" variant="secondary" loading={isSendingLink} onClick={() => void sendPasswordLink()}>
              Email me a link to set a password
            </Button>
          )}
        </div>
        {user.has_password ? null : (
          <p className="account-muted">Your account has no password yet. To change your email address, set a password first.</p>
        )}
      </form>
    </Card>
  );
}
