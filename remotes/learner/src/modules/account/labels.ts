import type { CertificateState, SignInMethod } from '@portal/contracts';
import type { CourseStatus } from '@portal/design-system';

const STATE_LABELS: Record<CertificateState, string> = {
  valid: 'Valid',
  'expiring-soon': 'Expiring soon',
  expired: 'Expired',
  superseded: 'Superseded',
  revoked: 'Revoked',
};
/** The pill colour of each state: green valid, amber expiring soon, red expired and revoked, grey superseded. */
export const STATE_PILLS: Record<CertificateState, CourseStatus> = {
  valid: 'passed',
  'expiring-soon': 'expired',
  expired: 'failed',
  superseded: 'not-started',
  revoked: 'failed',
};
const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Email and password',
  login_code: 'Login code',
  login_link: 'Emailed sign-in link',
};

export const certificateStateLabel = (state: CertificateState) => STATE_LABELS[state];
export const signInMethodLabel = (method: SignInMethod) => METHOD_LABELS[method];

/** A sign-in's moment, in en-GB with the time (the page's other dates are days). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
