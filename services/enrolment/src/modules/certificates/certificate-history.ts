import type { Certificate, ListQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em, type ServiceDeps } from '@portal/service-kit';
import type { ICertificateRecord } from './certificate.entity';
import { certificatesOfUser } from './certificate.repository';
import { certificateHistoryQuery, courseRankOrder } from './certificates.statements';
import { certificateStatus, faceOf, namesFor, type Names } from './certificate-faces';

type Sort = 'issued_at' | 'expires_at' | 'course';

const verifyPath = (code: string) => `/verify?code=${encodeURIComponent(code)}`;

export function toCertificate(certificate: ICertificateRecord, names: Names, appUrl: string, now: Date): Certificate {
  const face = faceOf(certificate, names, appUrl);
  const status = certificateStatus(certificate, now);
  return {
    id: certificate.id,
    code: certificate.code,
    enrollment_id: certificate.enrolmentId,
    course: { id: certificate.courseId, name: face.courseName },
    company: { id: certificate.companyId, name: face.companyName },
    issued_at: certificate.issuedAt.toISOString(),
    expires_at: certificate.expiresAt?.toISOString() ?? null,
    status,
    revoked_at: certificate.revokedAt?.toISOString() ?? null,
    revoked_reason: certificate.revokedReason ?? null,
    revoked_by: certificate.revokedBy ?? null,
    superseded_at: certificate.supersededAt?.toISOString() ?? null,
    verify_url: verifyPath(certificate.code),
    download_url: status === 'revoked' ? null : `/api/enrollments/${certificate.enrolmentId}/certificate`,
  };
}

/** A learner's certificates, every one ever issued, through the one list mechanism. */
export async function listCertificateHistory(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env'>,
  em: Em,
  input: { userId: number; query: ListQuery<Sort> & { course_id?: number | undefined }; url: string; now: Date },
): Promise<Page<Certificate>> {
  const all = await certificatesOfUser(em, input.userId);
  const names = await namesFor(deps, all);
  const { search } = input.query;
  const needle = search?.toLowerCase() ?? '';
  const searchCourseIds = [...names.course].filter(([, name]) => name.toLowerCase().includes(needle)).map(([id]) => id);
  const base = certificateHistoryQuery(em, { userId: input.userId, courseId: input.query.course_id, search, searchCourseIds });
  // Course names live in the catalogue: sort by their alphabetical rank.
  const ranked = [...names.course].sort((a, b) => a[1].localeCompare(b[1])).map(([id]) => id);
  const page = await listPage<{ id: number }, Sort>(
    base,
    { ...input.query, search: null },
    {
      search: [],
      sort: { issued_at: 'c.issued_at', expires_at: 'c.expires_at', course: courseRankOrder(em, ranked) },
      id: 'c.id',
      url: input.url,
    },
  );
  return mapPage(page, (rows) =>
    inIdOrder(
      rows.map((r) => Number(r.id)),
      all,
    ).map((c) => toCertificate(c, names, deps.env.appUrl, input.now)),
  );
}
