import type { Em } from '@portal/service-kit';
import { BridgingActivity, CompanyCourse, type IBridgingActivity, type ICompanyCourse } from './company-course.entity';

/** Every query about a company's course settings (its selection, certificate expiry) and bridging activities. */

export function findCompanyCourse(em: Em, companyId: number, courseId: number): Promise<ICompanyCourse | null> {
  return em.findOne(CompanyCourse, { companyId, courseId });
}

/** The ids of the courses in the company's selection, in id order. */
export async function selectedCourseIds(em: Em, companyId: number): Promise<number[]> {
  const rows = await em.find(CompanyCourse, { companyId, selected: true }, { orderBy: { courseId: 'asc' } });
  return rows.map((r) => r.courseId);
}

/** The company's own certificate expiry of those of `courseIds` it has set, by course id. */
export async function companyValidityPeriods(em: Em, companyId: number, courseIds: number[]): Promise<Map<number, number>> {
  if (!courseIds.length) return new Map();
  const rows = await em.find(CompanyCourse, { companyId, courseId: { $in: courseIds }, validityPeriod: { $ne: null } });
  return new Map(rows.flatMap((r) => (r.validityPeriod == null ? [] : [[r.courseId, r.validityPeriod] as const])));
}

export function findBridgingActivity(em: Em, id: number): Promise<IBridgingActivity | null> {
  return em.findOne(BridgingActivity, { id });
}

/** The company's bridging activities of a course (`refresh`: read again, past the entity manager's copies). */
export function bridgingActivitiesOf(
  em: Em,
  companyId: number,
  courseId: number,
  options: { refresh?: boolean } = {},
): Promise<IBridgingActivity[]> {
  return em.find(BridgingActivity, { companyId, courseId }, { refresh: options.refresh ?? false });
}

/** Those of `ids` that are the company's bridging activities of the course. */
export async function ownBridgingActivities(em: Em, companyId: number, courseId: number, ids: number[]): Promise<IBridgingActivity[]> {
  if (!ids.length) return [];
  return em.find(BridgingActivity, { id: { $in: ids }, companyId, courseId });
}

export async function deleteBridgingOfActivity(em: Em, courseActivityId: number): Promise<void> {
  await em.nativeDelete(BridgingActivity, { courseActivityId });
}

/** A course's company settings and bridging activities, of every company. */
export async function deleteCompanySettingsOfCourse(em: Em, courseId: number): Promise<void> {
  await em.nativeDelete(BridgingActivity, { courseId });
  await em.nativeDelete(CompanyCourse, { courseId });
}
