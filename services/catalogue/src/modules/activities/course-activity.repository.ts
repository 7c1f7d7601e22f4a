import type { Em } from '@portal/service-kit';
import { CourseActivity, type ICourseActivity } from './course-activity.entity';

/** Every query about a course's activity templates. */

export function findActivity(em: Em, id: number): Promise<ICourseActivity | null> {
  return em.findOne(CourseActivity, { id });
}

/** A course's activities, in their order. */
export function activitiesOfCourse(em: Em, courseId: number): Promise<ICourseActivity[]> {
  return em.find(CourseActivity, { courseId }, { orderBy: { position: 'asc', id: 'asc' } });
}

/** How many of these activity ids belong to the course. */
export async function countActivitiesOfCourse(em: Em, courseId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return em.count(CourseActivity, { id: { $in: ids }, courseId });
}

export async function deleteActivitiesOfCourse(em: Em, courseId: number): Promise<void> {
  await em.nativeDelete(CourseActivity, { courseId });
}
