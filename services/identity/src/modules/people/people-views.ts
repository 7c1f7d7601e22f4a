import type { Person, PersonEnrolment } from '@portal/contracts';
import { single, type CataloguePort, type Em, type EnrolmentPort } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { companyNames } from '../../data/company.repository';

/** People as the page shows them: their company's (or depot's) name and how many enrolments they hold (one call to enrolment). */
export async function toPeople(em: Em, enrolment: Pick<EnrolmentPort, 'enrolmentCounts'>, users: IUser[]): Promise<Person[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const [names, counts] = await Promise.all([
    companyNames(
      em,
      users.map((u) => u.companyId),
    ),
    enrolment.enrolmentCounts(ids),
  ]);
  const held = new Map(counts.map((c) => [c.userId, c.count]));
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? null,
    login_code: u.loginCode ?? null,
    company_id: u.companyId,
    company_name: names.get(u.companyId) ?? '',
    enrolments: held.get(u.id) ?? 0,
    anonymised: !!u.anonymisedAt,
    created_at: u.createdAt.toISOString(),
  }));
}

export async function toPerson(em: Em, enrolment: Pick<EnrolmentPort, 'enrolmentCounts'>, user: IUser): Promise<Person> {
  return single(await toPeople(em, enrolment, [user]), 'person view');
}

/** The learner's enrolments, newest first, with course names from the catalogue (through the ports; no transaction open). */
export async function enrolmentsOf(
  ports: { enrolment: Pick<EnrolmentPort, 'learnerRecords'>; catalogue: Pick<CataloguePort, 'coursesByIds'> },
  userId: number,
): Promise<PersonEnrolment[]> {
  const { enrollments } = await ports.enrolment.learnerRecords(userId);
  const courseIds = [...new Set(enrollments.map((e) => e.courseId))];
  const names = new Map((courseIds.length ? await ports.catalogue.coursesByIds(courseIds) : []).map((c) => [c.id, c.name]));
  return enrollments
    .map((e) => ({
      id: e.id,
      course_id: e.courseId,
      course_name: names.get(e.courseId) ?? 'Course no longer available',
      status: e.status,
      enrolled_at: e.enrolledAt,
      passed_at: e.passedAt,
      expires_at: e.expiresAt,
    }))
    .reverse();
}
