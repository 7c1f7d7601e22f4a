import type { ListCoursesQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type Em } from '@portal/service-kit';
import { Course, CourseCategory, type ICourse } from './course.entity';
import { courseIdsQuery, courseNameSort } from './course.statements';

/** Every query about courses and their categories. */

export function findCourse(em: Em, id: number): Promise<ICourse | null> {
  return em.findOne(Course, { id });
}

/** Courses by id, by name. */
export async function coursesByIds(em: Em, ids: number[]): Promise<ICourse[]> {
  if (!ids.length) return [];
  return em.find(Course, { id: { $in: [...new Set(ids)] } }, { orderBy: { name: 'asc', id: 'asc' } });
}

/**
 * A page of courses, searched by name and filtered by category. `companyIds`: only the shared
 * courses and those company-specific to these companies; null: every course.
 */
export async function listCourses(
  em: Em,
  query: ListCoursesQuery,
  scope: { companyIds: number[] | null; url: string },
): Promise<Page<ICourse>> {
  const base = courseIdsQuery(em, scope.companyIds, query.category_id);
  const page = await listPage<{ id: number }, ListCoursesQuery['sort']>(base, query, {
    search: ['name'],
    // Names sort as people read them: case-insensitively on every database.
    sort: {
      name: courseNameSort(em),
      id: 'id',
      credit_cost: 'credit_cost',
      validity_period: 'validity_period',
      created_at: 'created_at',
    },
    id: 'id',
    url: scope.url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    return inIdOrder(ids, ids.length ? await em.find(Course, { id: { $in: ids } }) : []);
  });
}

/** The category links of these courses. */
export async function categoryLinksOf(em: Em, courseIds: number[]): Promise<{ courseId: number; categoryId: number }[]> {
  if (!courseIds.length) return [];
  return em.find(CourseCategory, { courseId: { $in: courseIds } });
}

/** Replaces a course's categories (flushed with the entity manager). */
export async function setCourseCategories(em: Em, courseId: number, categoryIds: number[]): Promise<void> {
  await em.nativeDelete(CourseCategory, { courseId });
  for (const categoryId of categoryIds) em.create(CourseCategory, { courseId, categoryId });
}

/** The course's row and its category links. */
export async function deleteCourseRow(em: Em, courseId: number): Promise<void> {
  await em.nativeDelete(CourseCategory, { courseId });
  await em.nativeDelete(Course, { id: courseId });
}
