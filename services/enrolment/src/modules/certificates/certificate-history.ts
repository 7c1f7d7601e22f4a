import type { Certificate, ListQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, whereContains, type Em, type ServiceDeps } from '@portal/service-kit';
import { CertificateRecord, type ICertificateRecord } from './certificate.entity';
import { certificateStatus, faceOf, namesFor, type Names } from './certificate-faces';

type Sort = 'issued_at' | 'expires_at' | 'course';

const verifyPath = (code: string) => `/verify?code=${encodeURIComponent(code)}`;

export function toCertificate(certificate: ICertificateRecord, names: Names, appUrl: string, now: Date): Certificate {
  const face = faceOf(certificate, names, appUrl);
  const status = certificateStatus(certificate, now);
  return {
    id: certificate.id,
    code: certificate.code,
    enrollment_id: certificate.enrollmentId,
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
    download_url: status === 'revoked' ? null : `/api/enrollments/${certificate.enrollmentId}/certificate`,
  };
}

/** A learner's certificates, every one ever issued, through the one list mechanism. */
export async function listCertificateHistory(
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'env'>,
  em: Em,
  input: { userId: number; query: ListQuery<Sort> & { course_id?: number | undefined }; url: string; now: Date },
): Promise<Page<Certificate>> {
  const all = await em.find(CertificateRecord, { userId: input.userId });
  const names = await namesFor(deps, all);
  const knex = em.getKnex();
  const base = knex('certificates as c').where('c.user_id', input.userId).select('c.id');
  if (input.query.course_id) base.where('c.course_id', input.query.course_id);
  const { search } = input.query;
  if (search !== null) {
    const needle = search.toLowerCase();
    const courseIds = [...names.course].filter(([, name]) => name.toLowerCase().includes(needle)).map(([id]) => id);
    base.where((where) => {
      whereContains(where, ['c.code'], search);
      if (courseIds.length) where.orWhereIn('c.course_id', courseIds);
    });
  }
  // Course names live in the catalogue: sort by their alphabetical rank.
  const ranked = [...names.course].sort((a, b) => a[1].localeCompare(b[1])).map(([id]) => id);
  const courseRank = ranked.length
    ? knex.raw(`CASE c.course_id ${ranked.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`, [
        ...ranked.flatMap((id, i) => [id, i]),
        ranked.length,
      ])
    : knex.raw('0');
  const page = await listPage<{ id: number }, Sort>(
    base,
    { ...input.query, search: null },
    {
      search: [],
      sort: { issued_at: 'c.issued_at', expires_at: 'c.expires_at', course: courseRank },
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
