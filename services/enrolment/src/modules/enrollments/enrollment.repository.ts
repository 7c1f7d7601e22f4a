import type { FilterQuery } from '@mikro-orm/core';
import { preparedWrite, type Em } from '@portal/service-kit';
import { Enrollment, type EnrollmentStatus, type IEnrollment } from './enrollment.entity';
import { isPastExpiry } from './validity';

/** Every query about enrolments. */

export function findEnrollment(em: Em, id: number): Promise<IEnrollment | null> {
  return em.findOne(Enrollment, { id });
}

/** The learner's next enrolment on the same course after this one (a renewal), if any. */
export function laterEnrollmentOf(em: Em, enrollment: Pick<IEnrollment, 'id' | 'userId' | 'courseId'>): Promise<IEnrollment | null> {
  return em.findOne(Enrollment, { userId: enrollment.userId, courseId: enrollment.courseId, id: { $gt: enrollment.id } }, { orderBy: { id: 'asc' } });
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

/** How many ids go into one IN list or one multi-row insert (SQLite allows 32,766 bound values). */
const CHUNK = 1000;
const chunks = <T>(items: T[], size = CHUNK): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** What the enrol rules need to know about an existing enrolment. */
export type EnrollmentState = Pick<IEnrollment, 'id' | 'userId' | 'courseId' | 'status' | 'expiresAt'>;

/** The enrolments of these users on these courses, a query per 1,000 users. */
export async function enrollmentsOfPairs(em: Em, userIds: number[], courseIds: number[]): Promise<EnrollmentState[]> {
  const users = [...new Set(userIds)];
  const courses = [...new Set(courseIds)];
  if (users.length === 0 || courses.length === 0) return [];
  const found: EnrollmentState[] = [];
  for (const part of chunks(users)) {
    found.push(
      ...(await em.find(
        Enrollment,
        { userId: { $in: part }, courseId: { $in: courses } },
        { fields: ['id', 'userId', 'courseId', 'status', 'expiresAt'], disableIdentityMap: true },
      )),
    );
  }
  return found;
}

/**
 * Open means it still counts as having the course: anything not passed (not started, in
 * progress, failed: a failed learner retakes it), or passed with a certificate still valid. A
 * passed enrolment past its expiry is not open (decisions.md).
 */
export function isOpenEnrollment(enrollment: { status: EnrollmentStatus; expiresAt?: Date | null }, now: Date): boolean {
  return enrollment.status !== 'passed' || !isPastExpiry(enrollment.expiresAt, now);
}

export interface NewEnrollmentRow {
  userId: number;
  courseId: number;
  companyId: number;
  status: EnrollmentStatus;
  certificateCode: string | null;
  startedAt: Date | null;
  passedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * Inserts enrolments 1,000 rows a statement, in the caller's transaction; their ids in order.
 * SQLite answers the ids (`returning`); MySQL answers the first, and a multi-row insert takes
 * consecutive ids (InnoDB's auto-increment lock, modes 1 and 2, with an increment of 1).
 */
export async function insertEnrollments(em: Em, rows: NewEnrollmentRow[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const result = await em.getDriver().nativeInsertMany<IEnrollment>(
      Enrollment.meta.className,
      part.map((row) => ({ ...row, score: null, createdAt: now, updatedAt: now })),
      { ctx: em.getTransactionContext() },
    );
    const returned = (result.rows ?? []).map((r: Record<string, unknown>) => Number(r.id));
    if (returned.length === part.length && returned.every((id) => id > 0)) ids.push(...returned);
    else ids.push(...part.map((_, i) => Number(result.insertId) + i));
  }
  return ids;
}

/** For each user, the courses of their enrolments that are open (see isOpenEnrollment), of those asked about. */
export async function openCourseIdsOf(em: Em, userIds: number[], courseIds: number[], now: Date): Promise<Map<number, number[]>> {
  const open = new Map<number, number[]>();
  for (const enrollment of await enrollmentsOfPairs(em, userIds, courseIds)) {
    if (!isOpenEnrollment(enrollment, now)) continue;
    const list = open.get(enrollment.userId) ?? [];
    if (!list.includes(enrollment.courseId)) list.push(enrollment.courseId);
    open.set(enrollment.userId, list);
  }
  return open;
}

/** For each user, the ids of the courses they have any enrolment on. */
export async function courseIdsOfUsers(em: Em, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await em.find(Enrollment, { userId: { $in: part } }, { fields: ['userId', 'courseId'], disableIdentityMap: true, orderBy: { id: 'asc' } });
    for (const row of rows) {
      const list = byUser.get(row.userId) ?? [];
      if (!list.includes(row.courseId)) list.push(row.courseId);
      byUser.set(row.userId, list);
    }
  }
  return byUser;
}

const setUpdatedAt = preparedWrite<[id: number, fields: { updated_at: unknown }]>((knex, id, fields) => knex('enrollments').where('id', id).update(fields));

/**
 * Sets the enrolment's last activity (updated_at: /reporting's and the export's "Last activity") to
 * `now`, the service's clock, which the entity's own onUpdate (the wall clock) would not take.
 */
export async function touchLastActivity(em: Em, enrollmentId: number, now: Date): Promise<void> {
  await setUpdatedAt(em, enrollmentId, { updated_at: em.getPlatform().processDateProperty(now) });
}
