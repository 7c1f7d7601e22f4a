import { RENEWAL_THRESHOLD_DAYS } from '@portal/contracts';
import type { ReportingStatus } from './reporting-address';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a row needs to decide its actions. */
export interface ActionableEnrolment {
  status: ReportingStatus;
  expires_at: string | null;
}

export interface EnrolmentActions {
  canEdit: boolean;
  canRemind: boolean;
  canViewCertificate: boolean;
  canReEnrol: boolean;
}

/** Past, or within the 7-day threshold of `now` (spec §4, §9): the expiry turns red and re-enrolment opens. */
export function isExpiringSoon(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  const expiry = Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return false;
  return expiry - now.getTime() <= RENEWAL_THRESHOLD_DAYS * DAY_MS;
}

export function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}

/**
 * The actions a row offers (spec §4): Edit and Remind only before the learner starts; View
 * Certificate while a pass is valid; Re-enrol once a pass expires within 7 days or has expired.
 */
export function enrolmentActions(row: ActionableEnrolment, now: Date): EnrolmentActions {
  const notStarted = row.status === 'not-started';
  const passed = row.status === 'passed';
  return {
    canEdit: notStarted,
    canRemind: notStarted,
    canViewCertificate: passed && !isExpired(row.expires_at, now),
    canReEnrol: passed && isExpiringSoon(row.expires_at, now),
  };
}
