import { verifyCertificate } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { checkCertificate } from './check-certificate';

const NOT_FOUND = {
  valid: false,
  courseName: null,
  learnerName: null,
  passed: false,
  passed_at: null,
  expired: false,
  expired_at: null,
  error: 'Certificate not found or is not valid',
};

/** Public: anyone holding the QR code may check the certificate. An expired one is not valid. */
export function verifyRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(verifyCertificate, async ({ em, query }) => {
    const check = await checkCertificate(deps, em, query.code, deps.now());
    if (!check) return NOT_FOUND;
    const { enrollment, isExpired } = check;
    return {
      valid: !isExpired,
      courseName: check.courseName,
      learnerName: check.learnerName,
      passed: true,
      passed_at: enrollment.passedAt?.toISOString() ?? null,
      expired: isExpired,
      expired_at: enrollment.expiresAt?.toISOString() ?? null,
      error: isExpired ? 'This certificate has expired.' : null,
    };
  }).app;
}
