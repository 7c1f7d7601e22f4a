import type { CertificateStatus } from '@portal/contracts';
import { StatusPill, type CourseStatus } from '@portal/design-system';

const STATUS_PILLS: Record<CertificateStatus, CourseStatus> = {
  valid: 'passed',
  expired: 'expired',
  revoked: 'failed',
  superseded: 'not-started',
};
const STATUS_LABELS: Record<CertificateStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  revoked: 'Revoked',
  superseded: 'Superseded',
};

/** An issued certificate's status (valid, expired, revoked, superseded) as its pill. */
export function CertificateStatusPill({ status }: { status: CertificateStatus }) {
  return <StatusPill status={STATUS_PILLS[status]}>{STATUS_LABELS[status]}</StatusPill>;
}
