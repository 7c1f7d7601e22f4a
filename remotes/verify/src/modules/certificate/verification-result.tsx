import { formatDate } from '@portal/contracts';
import { standingWording, VERIFY_MESSAGES, type CertificateStanding, type VerificationView } from './verification-view';

const TONE: Record<CertificateStanding, 'valid' | 'warning' | 'invalid'> = { valid: 'valid', expired: 'warning', superseded: 'warning', revoked: 'invalid' };

/** The verdict for a code: the certificate in its true state with what it prints, or not found. */
export function VerificationResult({ view }: { view: VerificationView }) {
  if (view.kind === 'not-found') {
    return (
      <div className="verify-result verify-result--invalid" role="status" data-testid="verify-invalid">
        <ResultIcon tone="invalid" />
        <p className="verify-result__headline">{VERIFY_MESSAGES.notFound}</p>
      </div>
    );
  }
  const expires = formatDate(view.expiresAt);
  const wording = standingWording(view.standing, { expiresAt: expires, endedAt: formatDate(view.endedAt) });
  const tone = TONE[view.standing];
  return (
    <div className={`verify-result verify-result--${tone}`} role="status" data-testid={`verify-${view.standing}`} data-standing={view.standing}>
      <ResultIcon tone={tone} />
      <div>
        <p className="verify-result__headline">{wording.headline}</p>
        {wording.detail ? <p className="verify-result__detail">{wording.detail}</p> : null}
        <dl className="verify-result__details">
          <div>
            <dt>Course</dt>
            <dd>{view.courseName}</dd>
          </div>
          <div>
            <dt>Learner</dt>
            <dd>{view.learnerName}</dd>
          </div>
          {view.companyName ? (
            <div>
              <dt>Company</dt>
              <dd>{view.companyName}</dd>
            </div>
          ) : null}
          <div>
            <dt>Passed</dt>
            <dd>{formatDate(view.passedAt) || '—'}</dd>
          </div>
          <div>
            <dt>{view.standing === 'expired' ? 'Expired' : 'Expires'}</dt>
            <dd>
              {expires || 'Does not expire'}
              {view.standing === 'expired' ? <span className="verify-result__badge">Expired</span> : null}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

function ResultIcon({ tone }: { tone: 'valid' | 'warning' | 'invalid' }) {
  const path = tone === 'valid' ? 'M7.5 12.5l3 3 6-6.5' : tone === 'warning' ? 'M12 7v6M12 16.5h.01' : 'M9 9l6 6M15 9l-6 6';
  return (
    <svg className="verify-result__icon" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      <path d={path} />
    </svg>
  );
}
