import { CERTIFICATE_MESSAGES, verifyCertificate } from '@portal/contracts';
import { clientAddress, createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { findCertificateByCode } from './certificate.repository';
import { normaliseCertificateCode } from './certificate-code';
import { certificateStatus, faceOf, namesFor } from './certificate-faces';
import { countVerifyCheck } from './verify-rate-limit';

const NOT_FOUND = {
  state: 'not-found' as const,
  message: CERTIFICATE_MESSAGES.notFound,
  code: null,
  companyName: null,
  valid: false,
  courseName: null,
  learnerName: null,
  passed: false,
  passed_at: null,
  expired: false,
  expired_at: null,
  error: CERTIFICATE_MESSAGES.notFound,
};

/**
 * Public: anyone holding the code may check the certificate and learns its true state (valid,
 * expired, revoked, superseded) with what the certificate itself prints — nothing more.
 * Rate-limited per address against guessing.
 */
export function verifyRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(verifyCertificate, async ({ c, em, query }) => {
    const now = deps.now();
    const address = clientAddress(c, deps.env);
    const check = await countVerifyCheck(em, address, now);
    const certificate = await findCertificateByCode(em, normaliseCertificateCode(query.code));
    if (!certificate) return NOT_FOUND;
    await check.found();
    const names = await namesFor(deps, [certificate]);
    const face = faceOf(certificate, names, deps.env.appUrl);
    const state = certificateStatus(certificate, now);
    const isExpired = !!certificate.expiresAt && certificate.expiresAt.getTime() <= now.getTime();
    return {
      state,
      message: CERTIFICATE_MESSAGES[state],
      code: certificate.code,
      companyName: face.companyName,
      valid: state === 'valid',
      courseName: face.courseName,
      // An anonymised learner's certificate still verifies, without a name (GDPR erasure).
      learnerName: names.anonymised.has(certificate.userId) ? null : face.learnerName,
      passed: true,
      passed_at: certificate.issuedAt.toISOString(),
      expired: isExpired,
      expired_at: certificate.expiresAt?.toISOString() ?? null,
      error: state === 'valid' ? null : CERTIFICATE_MESSAGES[state],
    };
  }).app;
}
