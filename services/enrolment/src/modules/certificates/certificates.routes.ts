import { Zip, ZipPassThrough } from 'fflate';
import {
  CERTIFICATE_MESSAGES,
  bulkCertificates,
  certificateHistory,
  certificatePdf as certificatePdfRoute,
  certificatePreview,
  emailCertificate,
  withdrawPass,
} from '@portal/contracts';
import { canActForCompany, createServiceRouter, notFound, validationError, type AppContext, type ServiceDeps } from '@portal/service-kit';
import { Enrolment } from '../enrolments/enrolment.entity';
import { CertificateRecord, type ICertificateRecord } from './certificate.entity';
import { currentCertificateOf, currentCertificatesOf, revokeCertificatesOf } from './certificate.repository';
import { canSeeCertificatesOf, visibleEnrolment } from './certificate-access';
import { backgroundOf, faceOf, namesFor } from './certificate-faces';
import { certificateFileName, certificatePdf } from './certificate-pdf';
import { mailCertificate, renderCertificate } from './certificate-jobs';
import { listCertificateHistory, toCertificate } from './certificate-history';

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

const ZIP_BATCH = 100;

/**
 * The zip as a stream: certificates are rendered one per pull, so only what the client has not
 * read yet is held (a PDF or two), however many certificates there are. Entries are stored, not
 * deflated (a PDF is compressed already).
 */
export function certificateZip(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env' | 'orm'>,
  certificateIds: number[],
): ReadableStream<Uint8Array> {
  const zip = new Zip();
  const used = new Set<string>();
  let next = 0;
  let batch: ICertificateRecord[] = [];
  let names: Awaited<ReturnType<typeof namesFor>> | null = null;
  let background: Awaited<ReturnType<typeof backgroundOf>> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip.ondata = (error, chunk, final) => {
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        };
      },
      async pull() {
        // `next` counts the ids read, not the certificates found: one deleted since the list was made is left out.
        while (!batch.length && next < certificateIds.length) {
          const ids = certificateIds.slice(next, next + ZIP_BATCH);
          next += ids.length;
          const rows = await deps.orm.em.fork().find(CertificateRecord, { id: { $in: ids } });
          const byId = new Map(rows.map((r) => [r.id, r]));
          batch = ids.flatMap((id) => byId.get(id) ?? []);
          if (batch.length)
            [names, background] = await Promise.all([
              namesFor(deps, batch),
              background === undefined ? backgroundOf(deps) : Promise.resolve(background),
            ]);
        }
        const certificate = batch.shift();
        if (!certificate) {
          zip.end();
          return;
        }
        if (!names) throw new Error('The names of a certificate batch are read with the batch.');
        const face = faceOf(certificate, names, deps.env.appUrl);
        let fileName = certificateFileName(face);
        if (used.has(fileName)) fileName = fileName.replace(/\.pdf$/, ` - ${certificate.code}.pdf`);
        used.add(fileName);
        const entry = new ZipPassThrough(fileName);
        zip.add(entry);
        entry.push(await certificatePdf(face, background ?? null), true);
      },
    },
    { highWaterMark: 1 },
  );
}

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
      const owned = await em.find(
        Enrolment,
        { userId: principal.userId, courseId: params.courseId, status: 'passed' },
        { orderBy: { passedAt: 'desc', id: 'desc' } },
      );
      const chosen = body.enrollment_id === undefined ? owned : owned.filter((e) => e.id === body.enrollment_id);
      const certificates = await currentCertificatesOf(
        em,
        chosen.map((e) => e.id),
      );
      // The newest chosen enrolment that has a certificate.
      const certificate = chosen.map((e) => certificates.get(e.id)).find((found) => found !== undefined);
      if (!certificate) throw validationError({ email: [CERTIFICATE_MESSAGES.noCertificate] });
      const { face, pdf, fileName } = await renderCertificate(deps, certificate);
      await deps.mailer.sendMany(
        body.email.map((to) => ({
          to,
          subject: `Certificate: ${face.courseName} — ${face.learnerName}`,
          text: `${face.learnerName} has shared their certificate with you.\n\nCourse: ${face.courseName}\nCertificate code: ${face.code}\nAnyone can check it at ${face.verifyUrl}\n`,
          attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
        })),
      );
      return { success: true as const, message: CERTIFICATE_MESSAGES.emailSent, sent_to: body.email };
    })
    .handle(bulkCertificates, async ({ c, em, principal, body }) => {
      const ids = [...new Set(body.ids)];
      const enrolments = await em.find(Enrolment, { id: { $in: ids } }, { fields: ['id', 'companyId', 'userId'] });
      const companies = [...new Set(enrolments.map((e) => e.companyId))];
      const allowed = await Promise.all(companies.map((id) => canActForCompany(deps.identity, principal, id)));
      if (enrolments.length !== ids.length || allowed.includes(false)) throw validationError({ ids: [CERTIFICATE_MESSAGES.idsUnknown] });
      const certificates = await currentCertificatesOf(em, ids);
      const inOrder = ids.map((id) => certificates.get(id)).filter((x) => x !== undefined);
      if (!inOrder.length) throw validationError({ ids: [CERTIFICATE_MESSAGES.noneToDownload] }, CERTIFICATE_MESSAGES.noneToDownload);
      attachment(c, `${zipDate(deps.now())}.zip`, 'application/zip');
      return c.body(
        certificateZip(
          deps,
          inOrder.map((x) => x.id),
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
      const enrolment = await em.findOne(Enrolment, { id: params.id });
      if (!enrolment) throw notFound('That enrolment');
      const certificate = await currentCertificateOf(em, enrolment.id);
      if (enrolment.status !== 'passed' || !certificate) throw validationError({ reason: [CERTIFICATE_MESSAGES.notPassed] });
      const now = deps.now();
      await em.transactional(async (tx) => {
        await revokeCertificatesOf(tx, [enrolment.id], { reason: body.reason, at: now, byId: principal.userId, by: principal.name });
        const row = await tx.findOneOrFail(Enrolment, { id: enrolment.id });
        row.status = 'failed';
        row.passedAt = null;
        row.expiresAt = null;
        row.certificateCode = null;
      });
      const revoked = await em.fork().findOneOrFail(CertificateRecord, { id: certificate.id });
      const names = await namesFor(deps, [revoked]);
      return {
        success: true as const,
        message: CERTIFICATE_MESSAGES.passWithdrawn,
        data: toCertificate(revoked, names, deps.env.appUrl, now),
      };
    })
    .handle(certificatePreview, async ({ c }) => {
      const now = deps.now();
      const face = {
        learnerName: 'Alex Sample',
        courseName: 'Sample Course',
        companyName: 'Sample Company Ltd',
        passedAt: now,
        expiresAt: new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth(), now.getUTCDate())),
        code: 'SAMP-LESA-MPLE-SAMP',
        verifyUrl: `${deps.env.appUrl.replace(/\/$/, '')}/verify?code=SAMPLE`,
      };
      const pdf = await certificatePdf(face, await backgroundOf(deps));
      attachment(c, 'certificate-preview.pdf', 'application/pdf');
      c.header('Content-Disposition', 'inline; filename="certificate-preview.pdf"');
      return c.body(new Uint8Array(pdf));
    }).app;
}

export { mailCertificate };
