import type { FilterQuery } from '@mikro-orm/core';
import type { Em } from '@portal/service-kit';
import { coursesWithEnrolmentsRows, enrolmentCountRows, setUpdatedAt } from './enrolment.statements';
import { Enrolment, type EnrolmentStatus, type IEnrolment } from './enrolment.entity';
import { isPastExpiry } from './validity';

/** Every query about enrolments. */

export function findEnrolment(em: Em, id: number): Promise<IEnrolment | null> {
  return em.findOne(Enrolment, { id });
}

/** The learner's next enrolment on the same course after this one (a renewal), if any. */
export function laterEnrolmentOf(em: Em, enrolment: Pick<IEnrolment, 'id' | 'userId' | 'courseId'>): Promise<IEnrolment | null> {
  return em.findOne(
    Enrolment,
    { userId: enrolment.userId, courseId: enrolment.courseId, id: { $gt: enrolment.id } },
    { orderBy: { id: 'asc' } },
  );
}

/** A learner's enrolments, newest first. */
export function enrolmentsOfUser(em: Em, userId: number): Promise<IEnrolment[]> {
  return em.find(Enrolment, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
}

export function enrolmentsOfCourse(em: Em, courseId: number): Promise<IEnrolment[]> {
  return em.find(Enrolment, { courseId });
}

/** The passed enrolment holding this certificate code (codes are stored upper-case). */
export function findPassedEnrolmentByCertificate(em: Em, certificateCode: string): Promise<IEnrolment | null> {
  return em.findOne(Enrolment, { certificateCode, status: 'passed' });
}

/** Ids of the enrolments of these users or bought by these companies. */
export async function enrolmentIdsOf(em: Em, owners: { userIds: number[]; companyIds: number[] }): Promise<number[]> {
  const where: FilterQuery<IEnrolment>[] = [];
  if (owners.userIds.length) where.push({ userId: { $in: owners.userIds } });
  if (owners.companyIds.length) where.push({ companyId: { $in: owners.companyIds } });
  if (where.length === 0) return [];
  return (await em.find(Enrolment, { $or: where }, { fields: ['id'] })).map((e) => e.id);
}

/** Deletes the enrolment rows only; what hangs off them goes first (see remove-enrolments.ts). */
export async function deleteEnrolmentRows(em: Em, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return em.nativeDelete(Enrolment, { id: { $in: ids } });
}

/** Which of these courses the company has any enrolment on. */
export async function courseIdsWithEnrolments(em: Em, companyId: number, courseIds: number[]): Promise<number[]> {
  if (courseIds.length === 0) return [];
  const rows = await coursesWithEnrolmentsRows(em, companyId, [...new Set(courseIds)]);
  return rows.map((r) => Number(r.course_id));
}

/** How many ids go into one IN list or one multi-row insert (SQLite allows 32,766 bound values). */
const CHUNK = 1000;
const chunks = <T>(items: T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** What the enrol rules need to know about an existing enrolment. */
export type EnrolmentState = Pick<IEnrolment, 'id' | 'userId' | 'courseId' | 'status' | 'expiresAt'>;

/** The enrolments of these users on these courses, a query per 1,000 users. */
export async function enrolmentsOfPairs(em: Em, userIds: number[], courseIds: number[]): Promise<EnrolmentState[]> {
  const users = [...new Set(userIds)];
  const courses = [...new Set(courseIds)];
  if (users.length === 0 || courses.length === 0) return [];
  const found: EnrolmentState[] = [];
  for (const part of chunks(users)) {
    found.push(
      ...(await em.find(
        Enrolment,
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
export function isOpenEnrolment(enrolment: { status: EnrolmentStatus; expiresAt?: Date | null }, now: Date): boolean {
  return enrolment.status !== 'passed' || !isPastExpiry(enrolment.expiresAt, now);
}

export interface NewEnrolmentRow {
  userId: number;
  courseId: number;
  companyId: number;
  status: EnrolmentStatus;
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
export async function insertEnrolments(em: Em, rows: NewEnrolmentRow[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const result = await em.getDriver().nativeInsertMany<IEnrolment>(
      Enrolment.meta.className,
      part.map((row) => ({ ...row, score: null, createdAt: now, updatedAt: now })),
      { ctx: em.getTransactionContext() },
    );
    const returned = (result.rows ?? []).map((r: Record<string, unknown>) => Number(r.id));
    if (returned.length === part.length && returned.every((id) => id > 0)) ids.push(...returned);
    else ids.push(...part.map((_, i) => Number(result.insertId) + i));
  }
  return ids;
}

/** For each user, the courses of their enrolments that are open (see isOpenEnrolment), of those asked about. */
export async function openCourseIdsOf(em: Em, userIds: number[], courseIds: number[], now: Date): Promise<Map<number, number[]>> {
  const open = new Map<number, number[]>();
  for (const enrolment of await enrolmentsOfPairs(em, userIds, courseIds)) {
    if (!isOpenEnrolment(enrolment, now)) continue;
    const list = open.get(enrolment.userId) ?? [];
    if (!list.includes(enrolment.courseId)) list.push(enrolment.courseId);
    open.set(enrolment.userId, list);
  }
  return open;
}

/** For each user, the ids of the courses they have any enrolment on. */
export async function courseIdsOfUsers(em: Em, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await em.find(
      Enrolment,
      { userId: { $in: part } },
      { fields: ['userId', 'courseId'], disableIdentityMap: true, orderBy: { id: 'asc' } },
    );
    for (const row of rows) {
      const list = byUser.get(row.userId) ?? [];
      if (!list.includes(row.courseId)) list.push(row.courseId);
      byUser.set(row.userId, list);
    }
  }
  return byUser;
}

/** How many enrolments each of these users holds (users without any are left out). */
export async function enrolmentCountsOf(em: Em, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await enrolmentCountRows(em, part);
    for (const row of rows) counts.set(Number(row.user_id), Number(row.count));
  }
  return counts;
}

/**
 * Sets the enrolment's last activity (updated_at: /reporting's and the export's "Last activity") to
 * `now`, the service's clock, which the entity's own onUpdate (the wall clock) would not take.
 */
export async function touchLastActivity(em: Em, enrolmentId: number, now: Date): Promise<void> {
  await setUpdatedAt(em, enrolmentId, { updated_at: em.getPlatform().processDateProperty(now) });
}
