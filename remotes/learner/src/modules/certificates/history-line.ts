import { formatDate, type Certificate } from '@portal/contracts';

/** What a history row says about its dates: issued, then expiry, revocation or replacement. */
export function historyLine(
  certificate: Pick<Certificate, 'issued_at' | 'expires_at' | 'status' | 'revoked_at' | 'superseded_at'>,
): string {
  const parts = [`Passed ${formatDate(certificate.issued_at)}`];
  if (certificate.expires_at)
    parts.push(`${certificate.status === 'expired' ? 'expired' : 'expires'} ${formatDate(certificate.expires_at)}`);
  if (certificate.status === 'revoked' && certificate.revoked_at) parts.push(`revoked ${formatDate(certificate.revoked_at)}`);
  if (certificate.status === 'superseded' && certificate.superseded_at) parts.push(`replaced ${formatDate(certificate.superseded_at)}`);
  return parts.join(', ');
}
