import { formatDate, type RouteOutput, type verifyCertificate } from '@portal/contracts';

type Verification = RouteOutput<typeof verifyCertificate>;

/** `null`: the server did not recognise the code. */
export function VerificationResult({ result }: { result: Verification | null }) {
  if (!result?.valid) {
    return (
      <div className="verify-result verify-result--invalid" role="status" data-testid="verify-invalid">
        <ResultIcon isValid={false} />
        <p className="verify-result__headline">Certificate not found or is not valid</p>
      </div>
    );
  }
  return (
    <div className="verify-result verify-result--valid" role="status" data-testid="verify-valid">
      <ResultIcon isValid />
      <div>
        <p className="verify-result__headline">This is a valid certificate.</p>
        <dl className="verify-result__details">
          <div>
            <dt>Course</dt>
            <dd>{result.courseName}</dd>
          </div>
          <div>
            <dt>Learner</dt>
            <dd>{result.learnerName}</dd>
          </div>
          <div>
            <dt>Passed</dt>
            <dd>{formatDate(result.passed_at)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{result.expired_at ? formatDate(result.expired_at) : 'Does not expire'}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function ResultIcon({ isValid }: { isValid: boolean }) {
  return (
    <svg className="verify-result__icon" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d={isValid ? 'M7.5 12.5l3 3 6-6.5' : 'M9 9l6 6M15 9l-6 6'} />
    </svg>
  );
}
