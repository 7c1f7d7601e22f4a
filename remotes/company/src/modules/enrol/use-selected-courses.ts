import { listCourses, PER_PAGE_MAX, type ApiClient, type CourseSummary } from '@portal/contracts';
import { useApiQuery } from '@portal/frontend-kit';

/**
 * The company's selected courses (spec §4 "Course selection"), with their credit values. The course
 * list has no "selected only" filter, so every page of the company's courses is read (100 a page:
 * one request for any real catalogue) and the selected ones kept, by name.
 */
export async function loadSelectedCourses(api: ApiClient): Promise<CourseSummary[]> {
  return (await loadOfferedCourses(api)).selected;
}

/** Every course on offer to the company, and of them those in its selection. */
export async function loadOfferedCourses(api: ApiClient): Promise<{ all: CourseSummary[]; selected: CourseSummary[] }> {
  const all: CourseSummary[] = [];
  const selected: CourseSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.call(listCourses, { query: { page, per_page: PER_PAGE_MAX, sortBy: 'name' } });
    const selectedIds = new Set((answer.selected ?? []).map((course) => course.id));
    all.push(...answer.data);
    selected.push(...answer.data.filter((course) => course.selected ?? selectedIds.has(course.id)));
    if (page >= answer.meta.last_page) break;
  }
  return { all, selected };
}

const logged = (error: unknown): never => {
  // Spec §8: course fetch failures are logged as 'Failed to fetch courses'.
  console.error('Failed to fetch courses', error);
  throw error;
};

/**
 * The wizard's step 1: every course on offer, the company's selected courses first (issue 32 item
 * 7: after a first selection it listed only that course). `selectedIds` start ticked; while the
 * company has selected none (issue 24 item 7) the courses ticked here join its selection.
 */
export function useWizardCourses(api: ApiClient, key = 'wizard-courses') {
  return useApiQuery(key, () =>
    loadOfferedCourses(api).then(({ all, selected }) => {
      const selectedIds = new Set(selected.map((course) => course.id));
      return {
        courses: [...selected, ...all.filter((course) => !selectedIds.has(course.id))],
        selectedIds: [...selectedIds],
        isWholeCatalogue: selected.length === 0,
      };
    }, logged),
  );
}

export function useSelectedCourses(api: ApiClient, key = 'selected-courses') {
  return useApiQuery(key, () => loadSelectedCourses(api).catch(logged));
}

/** The older Enroll page: every course on offer and the selected ones, to tell "none selected" from "none on offer". */
export function useOfferedCourses(api: ApiClient, key = 'offered-courses') {
  return useApiQuery(key, () => loadOfferedCourses(api).catch(logged));
}
