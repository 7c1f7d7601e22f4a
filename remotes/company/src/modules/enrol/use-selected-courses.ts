import { listCourses, PER_PAGE_MAX, type ApiClient, type CourseSummary } from '@portal/contracts';
import { useApiQuery } from '@portal/frontend-kit';

/**
 * The company's selected courses (spec §4 "Course selection"), with their credit values. The course
 * list has no "selected only" filter, so every page of the company's courses is read (100 a page:
 * one request for any real catalogue) and the selected ones kept, by name.
 */
export async function loadSelectedCourses(api: ApiClient): Promise<CourseSummary[]> {
  const courses: CourseSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.call(listCourses, { query: { page, per_page: PER_PAGE_MAX, sortBy: 'name' } });
    const selectedIds = new Set((answer.selected ?? []).map((course) => course.id));
    courses.push(...answer.data.filter((course) => course.selected ?? selectedIds.has(course.id)));
    if (page >= answer.meta.last_page) break;
  }
  return courses;
}

export function useSelectedCourses(api: ApiClient, key = 'selected-courses') {
  return useApiQuery(key, () =>
    loadSelectedCourses(api).catch((error: unknown) => {
      // Spec §8: course fetch failures are logged as 'Failed to fetch courses'.
      console.error('Failed to fetch courses', error);
      throw error;
    }),
  );
}
