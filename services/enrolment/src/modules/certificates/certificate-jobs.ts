import { z } from 'zod';
import { defineJob, type Em, type ServiceDeps } from '@portal/service-kit';
import type { ICertificateRecord } from './certificate.entity';
import { findCertificate } from './certificate.repository';
import { certificatePdf, certificateFileName } from './certificate-pdf';
import { backgroundOf, faceOf, namesFor } from './certificate-faces';

export const CERTIFICATE_ISSUED_JOB = 'certificates.issued';

/** The PDF of a certificate and its face (names through the ports; call outside any transaction). */
export async function renderCertificate(deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env'>, certificate: ICertificateRecord) {
  const [names, background] = await Promise.all([namesFor(deps, [certificate]), backgroundOf(deps)]);
  const face = faceOf(certificate, names, deps.env.appUrl);
  return { face, pdf: await certificatePdf(face, background), fileName: certificateFileName(face) };
}

/** Mails a certificate (PDF attached) through the queued mailer. */
export async function mailCertificate(deps: ServiceDeps, certificate: ICertificateRecord, to: string[], intro: string, em?: Em) {
  const { face, pdf, fileName } = await renderCertificate(deps, certificate);
  await deps.mailer.send(
    {
      to,
      subject: `Certificate: ${face.courseName} — ${face.learnerName}`,
      text: `${intro}\n\nLearner: ${face.learnerName}\nCourse: ${face.courseName}\nCertificate code: ${face.code}\nAnyone can check it at ${face.verifyUrl}\n`,
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    },
    em ? { em } : undefined,
  );
}

/**
 * After a certificate is issued: when the enrolment's company has `send_certificate` on, its
 * managers get the certificate by mail. Running again mails again at worst (the mail job itself
 * is the at-least-once step); a revoked certificate is not sent.
 */
export function certificateIssuedJob(platform: ServiceDeps | (() => ServiceDeps)) {
  const depsOf = () => (typeof platform === 'function' ? platform() : platform);
  return defineJob({
    name: CERTIFICATE_ISSUED_JOB,
    payload: z.object({ certificateId: z.number().int() }),
    async handle({ certificateId }) {
      const deps = depsOf();
      const certificate = await findCertificate(deps.orm.em.fork(), certificateId);
      if (!certificate || certificate.revokedAt) return;
      const { sendCertificate, managerEmails } = await deps.identity.certificateRecipients(certificate.companyId);
      if (!sendCertificate || managerEmails.length === 0) return;
      await mailCertificate(deps, certificate, managerEmails, 'One of your learners has passed a course. Their certificate is attached.');
    },
  });
}
