import { useSearchParams } from 'react-router';
import { ApiError, verifyCertificate } from '@portal/contracts';
import { Card, PageHeader, Spinner } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { CodeForm } from '../modules/certificate/code-form';
import { VerificationResult } from '../modules/certificate/verification-result';
import '../modules/certificate/verify.css';

/** /verify?code=… : anyone can check a certificate (spec §2, §8). */
export default function Verify({ api }: RemotePageProps) {
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const query = useApiQuery(code || null, () => api.call(verifyCertificate, { query: { code } }));

  return (
    <div className="verify-page" data-testid="verify-page">
      <PageHeader title="Verify a certificate" subtitle="Check that a health and safety training certificate is genuine." />
      <Card>
        {!code ? (
          <p className="verify-intro" data-testid="verify-prompt">
            Scan the QR code on your certificate to check if it's valid or not
          </p>
        ) : null}
        {code && query.status === 'loading' ? <Spinner label="Checking the certificate…" /> : null}
        {code && query.status === 'success' ? <VerificationResult result={query.data} /> : null}
        {code && query.status === 'error' ? (
          // A 404 or 422 from the server means the code is not a valid certificate.
          query.error instanceof ApiError && query.error.status < 500 ? (
            <VerificationResult result={null} />
          ) : (
            <LoadError error={query.error} onRetry={query.reload} what="the certificate" />
          )
        ) : null}
        <CodeForm initialCode={code} onSubmit={(next) => setParams({ code: next })} />
      </Card>
    </div>
  );
}
