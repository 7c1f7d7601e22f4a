import { useState } from 'react';
import { ApiError, learnerLoginCode, learnerSignInLink, type ApiClient } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';
import { copyText } from './copy-text';

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong on our side. Please try again in a moment.';

/** The login code, fetched only when asked for, with a copy button (spec §8 clipboard messages). */
function LoginCode({ api }: { api: ApiClient }) {
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copyStatus, setCopyStatus] = useState<string | null>(null);

  async function show() {
    setLoading(true);
    setError(null);
    try {
      setCode((await api.call(learnerLoginCode)).login_code);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="learner-account__section" aria-labelledby="account-code-title">
      <h3 id="account-code-title">Your login code</h3>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {code === undefined ? (
        <div>
          <Button type="button" variant="secondary" onClick={show} loading={isLoading}>
            Show my login code
          </Button>
        </div>
      ) : code === null ? (
        <p className="learner-account__muted">Your account has no login code.</p>
      ) : (
        <div className="learner-account__actions">
          <code className="learner-account__code" data-testid="login-code">
            {code}
          </code>
          <Button type="button" variant="secondary" size="sm" onClick={async () => setCopyStatus(await copyText(code))}>
            Copy
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => (setCode(undefined), setCopyStatus(null))}>
            Hide
          </Button>
          <span className="learner-account__copy-status" role="status">
            {copyStatus}
          </span>
        </div>
      )}
    </section>
  );
}

/** The emailed single-use sign-in link, sent to the learner's own address. */
function SignInLink({ api, email }: { api: ApiClient; email: string | null }) {
  const [isSending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function send() {
    setSending(true);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: (await api.call(learnerSignInLink)).message ?? 'Sent.' });
    } catch (failure) {
      setNotice({ tone: 'error', text: failureText(failure) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="learner-account__section" aria-labelledby="account-link-title">
      <h3 id="account-link-title">Emailed sign-in link</h3>
      {email ? (
        <p className="learner-account__muted">We email a link to {email} that signs you in once, without a password.</p>
      ) : (
        <p className="learner-account__muted">Add an email address above to receive sign-in links.</p>
      )}
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      ) : null}
      <div>
        <Button type="button" variant="secondary" onClick={send} loading={isSending} disabled={!email}>
          Send me a sign-in link
        </Button>
      </div>
    </section>
  );
}

export function WaysIn({ api, email, hasLoginCode }: { api: ApiClient; email: string | null; hasLoginCode: boolean }) {
  return (
    <>
      {hasLoginCode ? <LoginCode api={api} /> : null}
      <SignInLink api={api} email={email} />
    </>
  );
}
