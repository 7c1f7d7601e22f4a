import type { FilterQuery } from '@mikro-orm/core';
import type { Em } from '@portal/service-kit';
import { Enrollment, type IEnrollment } from './enrollment.entity';

/** Every query about enrolments. */

export function findEnrollment(em: Em, id: number): Promise<IEnrollment | null> {
  return em.findOne(Enrollment, { id });
}

/** A learner's enrolments, newest first. */
export function enrollmentsOfUser(em: Em, userId: number): Promise<IEnrollment[]> {
  return em.find(Enrollment, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

export function enrollmentsOfCourse(em: Em, courseId: number): Promise<IEnrollment[]> {
  return em.find(Enrollment, { courseId });
}

/** The passed enrolment holding this certificate code (codes are stored upper-case). */
export function findPassedEnrollmentByCertificate(em: Em, certificateCode: string): Promise<IEnrollment | null> {
  return em.findOne(Enrollment, { certificateCode, status: 'passed' });
}

/** Whether the user has an enrolment on the course that is not passed yet. */
export async function hasOpenEnrollment(em: Em, userId: number, courseId: number): Promise<boolean> {
  return (await em.count(Enrollment, { userId, courseId, status: { $ne: 'passed' } })) > 0;
}

/** Ids of the enrolments of these users or bought by these companies. */
export async function enrollmentIdsOf(em: Em, owners: { userIds: number[]; companyIds: number[] }): Promise<number[]> {
  const where: FilterQuery<IEnrollment>[] = [];
  if (owners.userIds.length) where.push({ userId: { $in: owners.userIds } });
  if (owners.companyIds.length) where.push({ companyId: { $in: owners.companyIds } });
  if (where.length === 0) return [];
  return (await em.find(Enrollment, { $or: where }, { fields: ['id'] })).map((e) => e.id);
}

/** Deletes the enrolment rows only; what hangs off them goes first (see remove-enrollments.ts). */
export async function deleteEnrollmentRows(em: Em, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return em.nativeDelete(Enrollment, { id: { $in: ids } });
}

/** Which of these courses the company has any enrolment on. */
export async function courseIdsWithEnrollments(em: Em, companyId: number, courseIds: number[]): Promise<number[]> {
  if (courseIds.length === 0) return [];
  const rows: { course_id: number | string }[] = await em.execute(
    em.getKnex()('enrollments').distinct('course_id').where('company_id', companyId).whereIn('course_id', [...new Set(courseIds)]),
  );
  return rows.map((r) => Number(r.course_id));
}
