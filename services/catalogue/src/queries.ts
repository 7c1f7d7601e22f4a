import type { Em } from '@portal/service-kit';
import { Course, type ICourse } from './modules/courses/course.entity';

/** Catalogue's in-process read API for the other services. */
export async function findCoursesByIds(em: Em, ids: number[]): Promise<Map<number, ICourse>> {
  if (ids.length === 0) return new Map();
  const courses = await em.find(Course, { id: { $in: [...new Set(ids)] } });
  return new Map(courses.map((c) => [c.id, c as ICourse]));
}
