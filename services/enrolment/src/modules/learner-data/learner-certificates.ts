import { routeTable, type LearnerCertificate, type ListQuery, type Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type CataloguePort, type Em } from '@portal/service-kit';
import { CertificateRecord } from '../certificates/certificate.entity';
import { learnerCertificateState, verifyPath } from './certificate-state';
import { certificateIdsQuery } from './learner-data.statements';

type CertificateSort = 'passed_at' | 'expires_at';

const CERTIFICATE_PATH = '/api/enrollments/{id}/certificate';

/**
 * The caller's certificates, every one ever issued to them (the `certificates` rows, so a revoked
 * or renewed one shows as such), through the one list mechanism: the search matches the code or
 * the course's name (names come from the catalogue, so the matching course ids are found first),
 * sorted by pass or expiry date, a page at a time.
 */
export async function listLearnerCertificates(
  catalogue: Pick<CataloguePort, 'coursesByIds'>,
  em: Em,
  input: { userId: number; query: ListQuery<CertificateSort>; url: string; now: Date },
): Promise<Page<LearnerCertificate>> {
  const held = await em.find(CertificateRecord, { userId: input.userId });
  const courses = new Map((await catalogue.coursesByIds([...new Set(held.map((c) => c.courseId))])).map((c) => [c.id, c]));
  const canDownload = routeTable.some((r) => r.method === 'GET' && r.path === CERTIFICATE_PATH);

  const { search } = input.query;
  // Course names come from the catalogue: the courses whose name matches are found here.
  const courseIdsNamed = (needle: string) => [...courses.values()].filter((c) => c.name.toLowerCase().includes(needle)).map((c) => c.id);
  const base = certificateIdsQuery(
    em,
    input.userId,
    search === null ? null : { text: search, courseIds: courseIdsNamed(search.toLowerCase()) },
  );
  const page = await listPage<{ id: number }, CertificateSort>(
    base,
    { ...input.query, search: null },
    {
      search: [],
      sort: { passed_at: 'c.issued_at', expires_at: 'c.expires_at' },
      id: 'c.id',
      url: input.url,
    },
  );
  return mapPage(page, (rows) =>
    inIdOrder(
      rows.map((r) => Number(r.id)),
      held,
    ).map((certificate) => {
      const state = learnerCertificateState(certificate, input.now);
      return {
        enrollment_id: certificate.enrolmentId,
        course: { id: certificate.courseId, name: courses.get(certificate.courseId)?.name ?? 'Course no longer available' },
        code: certificate.code,
        passed_at: certificate.issuedAt.toISOString(),
        expires_at: certificate.expiresAt?.toISOString() ?? null,
        state,
        verify_url: verifyPath(certificate.code),
        download_url:
          canDownload && state !== 'expired' && state !== 'revoked'
            ? CERTIFICATE_PATH.replace('{id}', String(certificate.enrolmentId))
            : null,
      };
    }),
  );
}
