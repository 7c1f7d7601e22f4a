import {
  CERTIFICATE_MESSAGES,
  bulkCertificates,
  certificateHistory,
  certificatePdf as certificatePdfRoute,
  certificatePreview,
  emailCertificate,
  withdrawPass,
} from '@portal/contracts';
import { createServiceRouter, notFound, type AppContext, type ServiceDeps } from '@portal/service-kit';
import { currentCertificateOf } from './certificate.repository';
import { canSeeCertificatesOf, visibleEnrolment } from './certificate-access';
import { backgroundOf } from './certificate-faces';
import { certificatePdf } from './certificate-pdf';
import { mailCertificate, renderCertificate } from './certificate-jobs';
import { listCertificateHistory } from './certificate-history';
import { certificateZip } from './certificate-zip';
import { certificatesToZip, certificateToShare, sampleFace, shareCertificate, withdrawPassOfEnrolment } from './certificate-actions';

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function attachment(c: AppContext, fileName: string, contentType: string) {
  c.header('Content-Type', contentType);
  c.header(
    'Content-Disposition',
    `attachment; filename="${fileName.replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Content-Type-Options', 'nosniff');
}

/** dd-mm-yyyy (UTC) — the zip's name (spec §9). */
const zipDate = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${date.getUTCFullYear()}`;

/** The PDF, email, bulk zip, history, withdrawal and preview of certificates (issue 11). */
export function certificateRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(certificatePdfRoute, async ({ c, em, principal, params }) => {
      const enrolment = await visibleEnrolment(deps, em, principal, params.id);
      const certificate = await currentCertificateOf(em, enrolment.id);
      if (!certificate) throw notFound('That certificate');
      const { pdf, fileName } = await renderCertificate(deps, certificate);
      attachment(c, fileName, 'application/pdf');
      return c.body(new Uint8Array(pdf));
    })
    .handle(emailCertificate, async ({ em, principal, params, body }) => {
      const learner = { userId: principal.userId, courseId: params.courseId, enrolmentId: body.enrollment_id };
      await shareCertificate(deps, await certificateToShare(em, learner), body.email);
      return { success: true as const, message: CERTIFICATE_MESSAGES.emailSent, sent_to: body.email };
    })
    .handle(bulkCertificates, async ({ c, em, principal, body }) => {
      const certificates = await certificatesToZip(deps, em, principal, body.ids);
      attachment(c, `${zipDate(deps.now())}.zip`, 'application/zip');
      return c.body(
        certificateZip(
          deps,
          certificates.map((x) => x.id),
        ),
      );
    })
    .handle(certificateHistory, async ({ c, em, principal, params, query }) => {
      const [learner] =
        principal.role === 'learner' && principal.userId === params.userId
          ? [{ companyId: principal.companyId }]
          : await deps.identity.usersByIds([params.userId]);
      if (!learner || !(await canSeeCertificatesOf(deps, principal, { userId: params.userId, companyId: learner.companyId })))
        throw notFound('That learner');
      return listCertificateHistory(deps, em, { userId: params.userId, query, url: c.req.url, now: deps.now() });
    })
    .handle(withdrawPass, async ({ em, principal, params, body }) => {
      const data = await withdrawPassOfEnrolment(deps, em, { enrolmentId: params.id, reason: body.reason, principal });
      return { success: true as const, message: CERTIFICATE_MESSAGES.passWithdrawn, data };
    })
    .handle(certificatePreview, async ({ c }) => {
      const pdf = await certificatePdf(sampleFace(deps.env.appUrl, deps.now()), await backgroundOf(deps));
      attachment(c, 'certificate-preview.pdf', 'application/pdf');
      c.header('Content-Disposition', 'inline; filename="certificate-preview.pdf"');
      return c.body(new Uint8Array(pdf));
    }).app;
}

export { mailCertificate };
