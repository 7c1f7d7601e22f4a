import { routeTable } from '@portal/contracts';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { isPastExpiry } from '../enrolments/validity';

/** A certificate: the code on a passed enrolment, valid until its expiry. */

export { newCertificateCode } from './certificate-code';

const CERTIFICATE_PATH = '/api/enrollments/{id}/certificate';

/** The certificate download, once a passed enrolment has one and the route that serves it exists. */
export function certificateUrl(enrolment: IEnrolment, now: Date): string | null {
  const valid = enrolment.status === 'passed' && enrolment.certificateCode && !isPastExpiry(enrolment.expiresAt, now);
  if (!valid || !routeTable.some((r) => r.method === 'GET' && r.path === CERTIFICATE_PATH)) return null;
  return CERTIFICATE_PATH.replace('{id}', String(enrolment.id));
}
