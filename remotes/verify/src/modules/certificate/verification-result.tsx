import { IconSvg } from '@portal/design-system';
import type { VerificationView, VerifyState } from './verification-view';

type Tone = 'valid' | 'warning' | 'invalid';
const TONE: Record<VerifyState, Tone> = {
  valid: 'valid',
  expired: 'warning',
  superseded: 'warning',
  revoked: 'invalid',
  'not-found': 'invalid',
};

/** The verdict for a code: the certificate in its true state with what it prints, or not found. */
export function VerificationResult({ view }: { view: VerificationView }) {
  const tone = TONE[view.state];
  return (
    <div className={`verify-result verify-result--${tone}`} role="status" data-testid={`verify-${view.state}`} data-state={view.state}>
      <ResultIcon tone={tone} />
      <div>
        <p className="verify-result__headline">{view.headline}</p>
        {view.detail ? <p className="verify-result__detail">{view.detail}</p> : null}
        {view.facts.length ? (
          <dl className="verify-result__details">
            {view.facts.map((fact) => (
              <div key={fact.label}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </div>
  );
}

function ResultIcon({ tone }: { tone: Tone }) {
  const path = tone === 'valid' ? 'M7.5 12.5l3 3 6-6.5' : tone === 'warning' ? 'M12 7v6M12 16.5h.01' : 'M9 9l6 6M15 9l-6 6';
  return (
    <IconSvg size={40} strokeWidth={2.2} className="verify-result__icon">
      <circle cx="12" cy="12" r="10" />
      <path d={path} />
    </IconSvg>
  );
}
