import { useSearchParams } from 'react-router';
import { ApiError, CERTIFICATE_MESSAGES, verifyCertificate } from '@portal/contracts';
import { Card, Notice, PageHeader, Spinner } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { CodeForm } from '../modules/certificate/code-form';
import { VerificationResult } from '../modules/certificate/verification-result';
import { NOT_FOUND_VIEW, verificationView } from '../modules/certificate/verification-view';
import '../modules/certificate/verify.css';

/** /verify?code=… : anyone can check a certificate and see its true state (spec §2, §8; issue 11). */
export default function Verify({ api }: RemotePageProps) {
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const query = useApiQuery(code ? `verify:${code}` : null, () => api.call(verifyCertificate, { query: { code } }));
  const error = query.status === 'error' ? query.error : null;

  return (
    <div className="verify-page" data-testid="verify-page">
      <PageHeader title="Verify a certificate" subtitle="Check that a health and safety training certificate is genuine." />
      <Card>
        {!code ? (
          <p className="verify-intro" data-testid="verify-prompt">
            {CERTIFICATE_MESSAGES.noCode}
          </p>
        ) : null}
        {code && query.status === 'loading' ? <Spinner label="Checking the certificate…" /> : null}
        {code && query.status === 'success' ? <VerificationResult view={verificationView(query.data)} /> : null}
        {error instanceof ApiError && error.status === 429 ? (
          <Notice tone="warning">{CERTIFICATE_MESSAGES.tooManyChecks}</Notice>
        ) : error instanceof ApiError && error.status < 500 ? (
          // A refused code (too long, 404, 422) is not a valid certificate.
          <VerificationResult view={NOT_FOUND_VIEW} />
        ) : error ? (
          <LoadError error={error} onRetry={query.reload} what="the certificate" />
        ) : null}
        <CodeForm initialCode={code} onSubmit={(next) => setParams({ code: next })} />
      </Card>
    </div>
  );
}
