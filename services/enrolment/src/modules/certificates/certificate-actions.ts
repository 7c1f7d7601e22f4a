import { CERTIFICATE_MESSAGES, type Certificate } from '@portal/contracts';
import { canActForCompany, notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { findEnrolment } from '../enrolments/enrolment.repository';
import type { ICertificateRecord } from './certificate.entity';
import {
  currentCertificateOf,
  currentCertificatesOf,
  enrolmentOwners,
  findCertificateOrFail,
  passedEnrolmentsOf,
  withdrawPassOf,
} from './certificate.repository';
import { namesFor } from './certificate-faces';
import { renderCertificate } from './certificate-jobs';
import { toCertificate } from './certificate-history';

/** The certificate a learner shares: of their newest chosen passed enrolment on the course that has one. */
export async function certificateToShare(
  em: Em,
  learner: { userId: number; courseId: number; enrolmentId: number | undefined },
): Promise<ICertificateRecord> {
  const owned = await passedEnrolmentsOf(em, learner.userId, learner.courseId);
  const chosen = learner.enrolmentId === undefined ? owned : owned.filter((e) => e.id === learner.enrolmentId);
  const certificates = await currentCertificatesOf(
    em,
    chosen.map((e) => e.id),
  );
  // The newest chosen enrolment that has a certificate.
  const certificate = chosen.map((e) => certificates.get(e.id)).find((found) => found !== undefined);
  if (!certificate) throw validationError({ email: [CERTIFICATE_MESSAGES.noCertificate] });
  return certificate;
}

/** Mails the certificate (PDF attached) to each address, as its learner shared it. */
export async function shareCertificate(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env' | 'mailer'>,
  certificate: ICertificateRecord,
  to: string[],
) {
  const { face, pdf, fileName } = await renderCertificate(deps, certificate);
  await deps.mailer.sendMany(
    to.map((address) => ({
      to: address,
      subject: `Certificate: ${face.courseName} — ${face.learnerName}`,
      text: `${face.learnerName} has shared their certificate with you.\n\nCourse: ${face.courseName}\nCertificate code: ${face.code}\nAnyone can check it at ${face.verifyUrl}\n`,
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    })),
  );
}

/**
 * The current certificates of these enrolments, in the order asked, for the bulk zip: every id
 * must be an enrolment the caller may act for (else 422, the same for an unknown id), and at least one must have a certificate.
 */
export async function certificatesToZip(deps: Pick<ServiceDeps, 'identity'>, em: Em, principal: Principal, enrolmentIds: number[]) {
  const ids = [...new Set(enrolmentIds)];
  const enrolments = await enrolmentOwners(em, ids);
  const companies = [...new Set(enrolments.map((e) => e.companyId))];
  const allowed = await Promise.all(companies.map((id) => canActForCompany(deps.identity, principal, id)));
  if (enrolments.length !== ids.length || allowed.includes(false)) throw validationError({ ids: [CERTIFICATE_MESSAGES.idsUnknown] });
  const certificates = await currentCertificatesOf(em, ids);
  const inOrder = ids.map((id) => certificates.get(id)).filter((x) => x !== undefined);
  if (!inOrder.length) throw validationError({ ids: [CERTIFICATE_MESSAGES.noneToDownload] }, CERTIFICATE_MESSAGES.noneToDownload);
  return inOrder;
}

/** An admin withdraws a pass: its certificate revoked (with the reason and who), the enrolment failed; the revoked certificate. */
export async function withdrawPassOfEnrolment(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env' | 'now'>,
  em: Em,
  withdrawal: { enrolmentId: number; reason: string; principal: Principal },
): Promise<Certificate> {
  const { principal } = withdrawal;
  const enrolment = await findEnrolment(em, withdrawal.enrolmentId);
  if (!enrolment) throw notFound('That enrolment');
  const certificate = await currentCertificateOf(em, enrolment.id);
  if (enrolment.status !== 'passed' || !certificate) throw validationError({ reason: [CERTIFICATE_MESSAGES.notPassed] });
  const now = deps.now();
  await withdrawPassOf(em, enrolment.id, { reason: withdrawal.reason, at: now, byId: principal.userId, by: principal.name });
  const revoked = await findCertificateOrFail(em.fork(), certificate.id);
  const names = await namesFor(deps, [revoked]);
  return toCertificate(revoked, names, deps.env.appUrl, now);
}

/** The sample face the certificate preview shows (spec §9), dated today. */
export function sampleFace(appUrl: string, now: Date) {
  return {
    learnerName: 'Alex Sample',
    courseName: 'Sample Course',
    companyName: 'Sample Company Ltd',
    passedAt: now,
    expiresAt: new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth(), now.getUTCDate())),
    code: 'SAMP-LESA-MPLE-SAMP',
    verifyUrl: `${appUrl.replace(/\/$/, '')}/verify?code=SAMPLE`,
  };
}
