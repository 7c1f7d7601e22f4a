import { useState, type FormEvent } from 'react';
import { Button, Card, FormField, Notice, TextInput } from '@portal/design-system';
import { HELP_EMAIL } from '@portal/contracts';

/** Placeholder request form: the reset flow (POST /password/email, /password/reset) arrives in a later release. */
export function PasswordResetPage() {
  const [email, setEmail] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
  }

  return (
    <div className="public-narrow">
      <Card title="Reset your password">
        <form className="public-form" onSubmit={onSubmit} aria-label="Request a password reset link">
          <p>Enter the email address you sign in with and we&rsquo;ll send you a link to choose a new password.</p>
          {isSubmitted ? (
            <Notice tone="info" title="Password reset is being prepared">
              Online password reset is not available yet. Please email <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a> and
              we&rsquo;ll reset it for you.
            </Notice>
          ) : null}
          <FormField label="Email address" htmlFor="reset-email">
            <TextInput id="reset-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          </FormField>
          <Button type="submit" disabled={!email} className="public-form__submit">
            Send password reset link
          </Button>
          <a href="/login" className="ds-link public-form__back">
            Back to Login
          </a>
        </form>
      </Card>
    </div>
  );
}
