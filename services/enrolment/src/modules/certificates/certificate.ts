import { routeTable } from '@portal/contracts';
import type { IEnrollment } from '../enrollments/enrollment.entity';

/** A certificate: the code on a passed enrolment, valid until its expiry. */

export { newCertificateCode } from './certificate-code';

/** passed_at plus whole years, on the same calendar day (UTC). */
export function addYears(date: Date, years: number): Date {
  const result = new Date(date.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** A certificate runs out at its expiry, to the millisecond. */
export function isPastExpiry(expiresAt: Date | null | undefined, now: Date): boolean {
  return !!expiresAt && expiresAt.getTime() <= now.getTime();
}

const CERTIFICATE_PATH = '/api/enrollments/{id}/certificate';

/** The certificate download, once a passed enrolment has one and the route that serves it exists. */
export function certificateUrl(enrollment: IEnrollment, now: Date): string | null {
  const valid = enrollment.status === 'passed' && enrollment.certificateCode && !isPastExpiry(enrollment.expiresAt, now);
  if (!valid || !routeTable.some((r) => r.method === 'GET' && r.path === CERTIFICATE_PATH)) return null;
  return CERTIFICATE_PATH.replace('{id}', String(enrollment.id));
}
