import { z } from 'zod';
import { defineRoute, idParam, successSchema } from '../route';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema } from '../list';

/**
 * Certificates (issue 11): the PDF of a passed enrolment, emailing it, the managers' bulk zip, a
 * learner's certificate history, the admin's background and the withdrawal of a pass.
 * The public check of a code is `certificates.verify` in enrolment.ts.
 *
 * A certificate is issued once when an enrolment passes. Its code has 80 random bits, printed as
 * five groups of four characters from CERTIFICATE_CODE_ALPHABET (`7KQM-2XD9-…`). A renewal (a new
 * enrolment on the same course that passes) issues a new certificate and marks the earlier ones
 * superseded; a withdrawn pass or a deleted enrolment revokes it. All stay verifiable.
 */

/** Crockford base32: no I, L, O or U, so a typed code is not misread. */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What a certificate is, as the verify page and the history list tell it. */
export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked', 'superseded'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** What /verify can answer: a certificate's status, or no certificate with that code. */
export const VERIFY_STATES = [...CERTIFICATE_STATUSES, 'not-found'] as const;
export type VerifyState = (typeof VERIFY_STATES)[number];

export const CERTIFICATE_MESSAGES = {
  valid: 'This is a valid certificate.',
  /** Followed by the expiry date (en-GB) on the page. */
  expired: 'This certificate has expired.',
  revoked: 'This certificate has been revoked and is no longer valid.',
  superseded: 'This certificate has been replaced by a newer certificate for the same course.',
  notFound: 'Certificate not found or is not valid',
  noCode: "Scan the QR code on your certificate to check if it's valid or not",
  tooManyChecks: 'Too many certificate checks. Please try again in a few minutes.',
  noneToDownload: 'No certificates available to download',
  emailSent: 'The certificate has been emailed.',
  emailMissing: 'Enter at least one email address.',
  /** Followed by the address that is not valid. */
  emailInvalid: 'This is not a valid email address:',
  emailTooMany: 'Send to at most 10 addresses at a time.',
  noCertificate: 'You do not hold a certificate for this course.',
  pleaseWait: 'Please wait.. this may take a minute.',
  copied: 'Copied!',
  copyFailed: 'Could not copy',
  backgroundUpdated: 'The certificate background has been updated.',
  backgroundRemoved: 'The certificate background has been removed; certificates use the built-in design.',
  backgroundMissing: 'Choose a PNG or JPEG image.',
  backgroundType: 'The background must be a PNG or JPEG image.',
  backgroundTooLarge: 'The background may be at most 5 MB.',
  backgroundUnreadable: 'This image could not be read: the file is damaged. Save it again as PNG or JPEG and upload it again.',
  backgroundTooManyPixels: 'The background may be at most 40 megapixels (for example 7,500 × 5,300).',
  passWithdrawn: 'The pass has been withdrawn and its certificate revoked.',
  withdrawReasonMissing: 'Enter the reason for withdrawing the pass.',
  notPassed: 'This enrolment is not passed.',
  bulkTooMany: 'Download at most 5000 certificates at a time.',
  idsMissing: 'Choose at least one enrolment.',
  idsUnknown: 'One or more of these enrolments were not found.',
} as const;

/** The most addresses one email-certificate call sends to. */
export const CERTIFICATE_EMAIL_MAX = 10;
/** The most enrolments one bulk zip takes. */
export const BULK_CERTIFICATES_MAX = 5000;
/** The largest background image accepted. */
export const CERTIFICATE_BACKGROUND_MAX_BYTES = 5 * 1024 * 1024;

/* ------------------------------------------------------------------ the PDF */

/**
 * The certificate of a passed enrolment (its current one) as a PDF; Content-Disposition names it
 * `{course} - {learner}.pdf`. For the learner, the managers of the learner's company (or of its
 * parent company, for a depot) and admins; anyone else gets 404. A revoked certificate (pass
 * withdrawn) has no PDF: 404. An expired or superseded one still downloads (it prints its dates).
 */
export const certificatePdf = defineRoute({
  name: 'certificates.pdf',
  method: 'GET',
  path: '/api/enrollments/{id}/certificate',
  service: 'enrolment',
  access: 'signed-in',
  summary: 'The certificate of a passed enrolment as a PDF (learner, their company’s managers, admins).',
  params: z.object({ id: idParam }),
  response: z.unknown(),
  responseType: 'file',
});

/** Comma-separated addresses: each trimmed, lower-cased, checked; empty parts are ignored. */
export const certificateEmailList = z
  .string({ error: CERTIFICATE_MESSAGES.emailMissing })
  .max(2000, 'The list of addresses is too long.')
  .transform((text, ctx) => {
    const addresses = [
      ...new Set(
        text
          .split(',')
          .map((a) => a.trim().toLowerCase())
          .filter((a) => a.length > 0),
      ),
    ];
    if (addresses.length === 0) ctx.addIssue({ code: 'custom', message: CERTIFICATE_MESSAGES.emailMissing });
    if (addresses.length > CERTIFICATE_EMAIL_MAX) ctx.addIssue({ code: 'custom', message: CERTIFICATE_MESSAGES.emailTooMany });
    for (const address of addresses) {
      if (address.length > 191 || !z.email().safeParse(address).success)
        ctx.addIssue({ code: 'custom', message: `${CERTIFICATE_MESSAGES.emailInvalid} ${address}` });
    }
    return addresses;
  });

export const emailCertificateBodySchema = z.object({
  email: certificateEmailList,
  /** Which of the caller's enrolments on the course; default: the latest passed one. */
  enrollment_id: idParam.optional(),
});

/**
 * The learner emails their certificate of a course to one or more addresses (comma-separated);
 * the mail carries the PDF and is sent by the job queue. `{courseId}` is the course: the caller's
 * latest passed enrolment on it (or `enrollment_id`, which must be theirs on that course). A course
 * they hold no certificate for answers 422 under `email` with CERTIFICATE_MESSAGES.noCertificate.
 */
export const emailCertificate = defineRoute({
  name: 'certificates.email',
  method: 'POST',
  path: '/api/course/{courseId}/email-certificate',
  service: 'enrolment',
  access: ['learner'],
  summary: 'Emails the caller’s certificate of a course (PDF attached) to one or more addresses.',
  params: z.object({ courseId: idParam }),
  body: emailCertificateBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), sent_to: z.array(z.string()) }),
});

/**
 * Managers (their company and its depots) and admins: a zip of the certificates of the given
 * enrolments, named `dd-mm-yyyy.zip`, streamed while it is made. Enrolments without a certificate
 * (not passed, revoked) are left out; when none has one: 422 with CERTIFICATE_MESSAGES.noneToDownload
 * (under `ids`). An id that is unknown or of another company: 422 under `ids` (idsUnknown), nothing sent.
 */
export const bulkCertificates = defineRoute({
  name: 'certificates.bulk',
  method: 'POST',
  path: '/api/enrollments/downloadBulkCertificates',
  service: 'enrolment',
  access: ['manager', 'admin'],
  summary: 'A zip (dd-mm-yyyy.zip) of the certificates of the given enrolments, streamed.',
  body: z.object({
    ids: z
      .array(idParam, { error: CERTIFICATE_MESSAGES.idsMissing })
      .min(1, CERTIFICATE_MESSAGES.idsMissing)
      .max(BULK_CERTIFICATES_MAX, CERTIFICATE_MESSAGES.bulkTooMany),
  }),
  response: z.unknown(),
  responseType: 'file',
});

/* ---------------------------------------------------------------- history */

export const CERTIFICATE_HISTORY_SORTABLE = ['issued_at', 'expires_at', 'course'] as const;
export const CERTIFICATE_HISTORY_PAGE_SIZE = 10;

export const certificateHistoryQuery = listQuery({
  sortable: CERTIFICATE_HISTORY_SORTABLE,
  defaultSort: 'issued_at',
  defaultDir: 'desc',
  perPage: { default: CERTIFICATE_HISTORY_PAGE_SIZE },
  names: ADMIN_LIST_PARAMS,
  filters: { course_id: idParam.optional() },
});

export const certificateSchema = z.object({
  id: z.number().int(),
  /** Printed form, grouped: `7KQM-2XD9-…`. */
  code: z.string(),
  enrollment_id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The pass date printed on it. */
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  revoked_by: z.string().nullable(),
  /** When a newer certificate of the same course replaced it. */
  superseded_at: z.string().nullable(),
  /** `/verify?code=…` (relative). */
  verify_url: z.string(),
  /** The PDF (`/api/enrollments/{id}/certificate`) while this is the enrolment's certificate and not revoked. */
  download_url: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * A learner's certificates, every one ever issued (renewals keep the earlier ones), with their
 * true status. For the learner themself, managers of the learner's company (or its parent) and
 * admins; anyone else 404. Search: course name or code.
 */
export const certificateHistory = defineRoute({
  name: 'certificates.history',
  method: 'GET',
  path: '/api/users/{userId}/certificates',
  service: 'enrolment',
  access: 'signed-in',
  summary: 'A learner’s certificate history (newest first), for the learner, their managers and admins.',
  params: z.object({ userId: idParam }),
  query: certificateHistoryQuery,
  response: pageSchema(certificateSchema),
});

/* ------------------------------------------------------------ admin panel */

/** Admin: withdraws a passed enrolment's pass (reason, who and when kept); its certificate is revoked, the enrolment becomes failed. */
export const withdrawPassBodySchema = z.object({
  reason: z
    .string({ error: CERTIFICATE_MESSAGES.withdrawReasonMissing })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.withdrawReasonMissing)
    .max(255, 'The reason may be at most 255 characters.'),
});

export const withdrawPass = defineRoute({
  name: 'certificates.withdrawPass',
  method: 'POST',
  path: '/api/enrollments/{id}/withdraw-pass',
  service: 'enrolment',
  access: ['admin'],
  summary: 'Withdraws a pass with a reason; its certificate is revoked (verify says so).',
  params: z.object({ id: idParam }),
  body: withdrawPassBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: certificateSchema }),
});

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/**
 * Admin: uploads the certificate background (multipart field `file`): PNG or JPEG (read from the
 * bytes), at most 5 MB; best at A4 landscape proportions (1.414:1), it is stretched to the page.
 * Errors under `file`.
 */
export const updateCertificateBackground = defineRoute({
  name: 'certificates.updateBackground',
  method: 'POST',
  path: '/api/course/updateCertificateBG',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Uploads the certificate background image (PNG or JPEG, at most 5 MB).',
  bodyType: 'multipart',
  bodyLimit: CERTIFICATE_BACKGROUND_MAX_BYTES + 64 * 1024,
  body: z.object({ file: z.custom<File>(isFile, { message: CERTIFICATE_MESSAGES.backgroundMissing }) }),
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ content_type: z.enum(['image/png', 'image/jpeg']), size: z.number().int(), updated_at: z.string() }),
  }),
});

export const certificateBackgroundSchema = z.object({
  has_background: z.boolean(),
  content_type: z.enum(['image/png', 'image/jpeg']).nullable(),
  size: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});

/** Admin: whether a background is uploaded. */
export const getCertificateBackground = defineRoute({
  name: 'certificates.background',
  method: 'GET',
  path: '/api/course/certificateBG',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Whether a certificate background is uploaded, its type, size and date.',
  response: certificateBackgroundSchema,
});

/** Admin: removes the background; certificates use the built-in design again. */
export const deleteCertificateBackground = defineRoute({
  name: 'certificates.deleteBackground',
  method: 'DELETE',
  path: '/api/course/certificateBG',
  service: 'catalogue',
  access: ['admin'],
  summary: 'Removes the certificate background (back to the built-in design).',
  response: successSchema,
});

/** Admin: a sample certificate (made-up learner 'Alex Sample', code SAMPLE) on the current background, as a PDF. */
export const certificatePreview = defineRoute({
  name: 'certificates.preview',
  method: 'GET',
  path: '/api/certificates/preview',
  service: 'enrolment',
  access: ['admin'],
  summary: 'A sample certificate on the current background, as a PDF.',
  response: z.unknown(),
  responseType: 'file',
});

export const certificateRoutes = [
  certificatePdf,
  emailCertificate,
  bulkCertificates,
  certificateHistory,
  withdrawPass,
  updateCertificateBackground,
  getCertificateBackground,
  deleteCertificateBackground,
  certificatePreview,
] as const;
