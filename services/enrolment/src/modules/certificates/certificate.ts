import { routeTable } from '@portal/contracts';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { isPastExpiry } from '../enrollments/validity';

/** A certificate: the code on a passed enrolment, valid until its expiry. */

export { newCertificateCode } from './certificate-code';

const CERTIFICATE_PATH = '/api/enrollments/{id}/certificate';

/** The certificate download, once a passed enrolment has one and the route that serves it exists. */
export function certificateUrl(enrollment: IEnrollment, now: Date): string | null {
  const valid = enrollment.status === 'passed' && enrollment.certificateCode && !isPastExpiry(enrollment.expiresAt, now);
  if (!valid || !routeTable.some((r) => r.method === 'GET' && r.path === CERTIFICATE_PATH)) return null;
  return CERTIFICATE_PATH.replace('{id}', String(enrollment.id));
}
