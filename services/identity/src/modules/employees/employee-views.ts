import type { Employee } from '@portal/contracts';
import type { Em, EnrolmentPort } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { companyNames } from '../../data/company.repository';

/**
 * Employees as the pickers show them: with their company's name and, of the courses asked about,
 * those they already have an open enrolment on (one call to enrolment for the lot; none when no
 * course is asked about).
 */
export async function toEmployees(em: Em, enrolment: EnrolmentPort, users: IUser[], courseIds: number[]): Promise<Employee[]> {
  if (users.length === 0) return [];
  const [names, enrolled] = await Promise.all([
    companyNames(
      em,
      users.map((u) => u.companyId),
    ),
    courseIds.length
      ? enrolment.enrolledCourseIds(
          users.map((u) => u.id),
          courseIds,
        )
      : Promise.resolve([]),
  ]);
  const courses = new Map(enrolled.map((e) => [e.userId, e.courseIds]));
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? null,
    login_code: u.loginCode ?? null,
    company_id: u.companyId,
    company_name: names.get(u.companyId) ?? '',
    created_at: u.createdAt.toISOString(),
    enrolled_course_ids: courses.get(u.id) ?? [],
  }));
}
