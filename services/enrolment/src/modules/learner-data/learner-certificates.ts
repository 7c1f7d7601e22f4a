import type { LearnerCertificate, ListQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, whereContains, type CataloguePort, type Em } from '@portal/service-kit';
import { Enrollment } from '../enrollments/enrollment.entity';
import { certificateUrl } from '../certificates/certificate';
import { certificateStates, verifyPath } from './certificate-state';

type CertificateSort = 'passed_at' | 'expires_at';

/**
 * The caller's certificates (their passed enrolments with a code), through the one list mechanism:
 * the search matches the code or the course's name (names come from the catalogue, so the
 * matching course ids are found first), sorted by pass or expiry date, a page at a time.
 */
export async function listLearnerCertificates(
  catalogue: Pick<CataloguePort, 'coursesByIds'>,
  em: Em,
  input: { userId: number; query: ListQuery<CertificateSort>; url: string; now: Date },
): Promise<Page<LearnerCertificate>> {
  const held = await em.find(Enrollment, { userId: input.userId, status: 'passed', certificateCode: { $ne: null } });
  const courses = new Map((await catalogue.coursesByIds([...new Set(held.map((e) => e.courseId))])).map((c) => [c.id, c]));
  const states = certificateStates(held, input.now);

  const knex = em.getKnex();
  const base = knex('enrollments as e').where('e.user_id', input.userId).where('e.status', 'passed').whereNotNull('e.certificate_code').select('e.id');
  const { search } = input.query;
  if (search !== null) {
    const needle = search.toLowerCase();
    const courseIds = [...courses.values()].filter((c) => c.name.toLowerCase().includes(needle)).map((c) => c.id);
    base.where((where) => {
      whereContains(where, ['e.certificate_code'], search);
      if (courseIds.length) where.orWhereIn('e.course_id', courseIds);
    });
  }
  const page = await listPage<{ id: number }, CertificateSort>(base, { ...input.query, search: null }, {
    search: [],
    sort: { passed_at: 'e.passed_at', expires_at: 'e.expires_at' },
    id: 'e.id',
    url: input.url,
  });
  return mapPage(page, (rows) =>
    inIdOrder(
      rows.map((r) => Number(r.id)),
      held,
    ).map((e) => ({
      enrollment_id: e.id,
      course: { id: e.courseId, name: courses.get(e.courseId)?.name ?? 'Course no longer available' },
      code: e.certificateCode!,
      passed_at: e.passedAt?.toISOString() ?? null,
      expires_at: e.expiresAt?.toISOString() ?? null,
      state: states.get(e.id)!,
      verify_url: verifyPath(e.certificateCode!),
      download_url: certificateUrl(e, input.now),
    })),
  );
}
