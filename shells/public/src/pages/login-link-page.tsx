import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, consumeLoginLink } from '@portal/contracts';
import { Card, Notice, Spinner } from '@portal/design-system';
import { api } from '../modules/api/api-client';

/**
 * /login/link/{token}: the emailed sign-in link. The token is spent by a POST from this page, not
 * by opening the address, so mail scanners that open links do not use it up.
 */
export function LoginLinkPage() {
  const { token = '' } = useParams();
  const [error, setError] = useState<string | null>(null);
  const isStarted = useRef(false);

  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    api.call(consumeLoginLink, { body: { token } }).then(
      (response) => window.location.assign(response.redirect),
      (failure: unknown) =>
        setError(
          failure instanceof ApiError && failure.status < 500
            ? failure.message
            : 'We could not sign you in right now. Please try again in a moment.',
        ),
    );
  }, [token]);

  return (
    <div className="public-narrow">
      <Card title="Signing you in">
        <div className="public-form">
          {error ? (
            <Notice tone="error" title="This link did not work">
              <p>{error}</p>
              <p>You can ask for a new link on the sign-in page.</p>
            </Notice>
          ) : (
            <Spinner label="Signing you in…" />
          )}
          <a href="/login" className="ds-link public-form__back">
            Back to Login
          </a>
        </div>
      </Card>
    </div>
  );
}
