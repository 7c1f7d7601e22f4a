import { useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE, listCategories, listCourses, type ApiClient } from '@portal/contracts';
import { ADMIN_LIST_NAMES, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { useCourseSelection } from './use-course-selection';

/**
 * The /courses page's data: the categories, one page of courses (category, search and page live in
 * the address, so Back and reload land here again; a new search or category starts at page 1) and
 * the company's selection.
 */
export function useCompanyCourses(api: ApiClient) {
  const [params] = useSearchParams();
  const categoryId = Number(params.get('category_id')) || undefined;
  const address = useListAddress();
  const { list, query, setSearchText, setFilter } = address;

  // Spec §8: fetch failures are logged as 'Failed to fetch courses'; the page also offers a Retry.
  const logFetchFailure = (error: unknown): never => {
    console.error('Failed to fetch courses', error);
    throw error;
  };
  const categories = useApiQuery('categories', () => api.call(listCategories).then((r) => r.data, logFetchFailure));
  const courses = useApiQuery(JSON.stringify({ categoryId, page: list.page, search: list.search }), () =>
    api
      .call(listCourses, {
        query: { category_id: categoryId, page: query.page, per_page: CATALOGUE_PAGE_SIZE, search: query.search, sortBy: 'name' },
      })
      .catch(logFetchFailure),
  );
  const selection = useCourseSelection(api, courses.status === 'success' ? courses.data : null, courses.reload);

  const setCategory = (id: number | undefined) => setFilter('category_id', id ? String(id) : null);
  const clearSearch = () => {
    setSearchText('');
    setFilter(ADMIN_LIST_NAMES.search, null);
  };
  const categoryName = categories.status === 'success' ? categories.data.find((c) => c.id === categoryId)?.name : undefined;
  return { address, categoryId, categoryName, categories, courses, selection, setCategory, clearSearch };
}

export type CompanyCourses = ReturnType<typeof useCompanyCourses>;
