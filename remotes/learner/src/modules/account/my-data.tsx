import { useState } from 'react';
import { ApiError, learnerDataExport, type ApiClient, type RouteOutput, type learnerAccountGet } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';
import { formatDateTime, signInMethodLabel } from './labels';
import { saveDownload } from '@portal/frontend-kit/downloads';

type Format = 'json' | 'xlsx';

/** Everything the portal holds about the learner, as a file; and their latest sign-ins. */
export function MyData({ api, signIns }: { api: ApiClient; signIns: RouteOutput<typeof learnerAccountGet>['recent_sign_ins'] }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: Format) {
    setBusy(format);
    setError(null);
    try {
      await saveDownload(await api.raw(learnerDataExport, { query: { format } }), `my-data.${format}`);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 ? failure.message : 'Your data could not be downloaded. Please try again.',
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="learner-account__section" aria-labelledby="account-data-title">
        <h3 id="account-data-title">Download your data</h3>
        <p className="learner-account__muted">Your profile, enrolments, results, certificates and sign-in history, as a file.</p>
        {error ? (
          <Notice tone="error" onDismiss={() => setError(null)}>
            {error}
          </Notice>
        ) : null}
        <div className="learner-account__actions">
          <Button type="button" variant="secondary" onClick={() => download('json')} loading={busy === 'json'} disabled={busy !== null}>
            Download as JSON
          </Button>
          <Button type="button" variant="secondary" onClick={() => download('xlsx')} loading={busy === 'xlsx'} disabled={busy !== null}>
            Download as Excel (.xlsx)
          </Button>
        </div>
      </section>
      <section className="learner-account__section" aria-labelledby="account-sign-ins-title">
        <h3 id="account-sign-ins-title">Your last sign-ins</h3>
        {signIns.length === 0 ? (
          <p className="learner-account__muted">No sign-ins recorded yet.</p>
        ) : (
          <ul className="learner-account__sign-ins" data-testid="recent-sign-ins">
            {signIns.map((signIn) => (
              <li key={`${signIn.at}-${signIn.method}`}>
                <time dateTime={signIn.at}>{formatDateTime(signIn.at)}</time>
                <span className="learner-account__muted">{signInMethodLabel(signIn.method)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
