import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE, listCategories, listCourses } from '@portal/contracts';
import {
  Button,
  ButtonLink,
  CategoryIcon,
  EmptyState,
  Notice,
  PageHeader,
  Pagination,
  SearchInput,
  SkeletonBlock,
} from '@portal/design-system';
import { ADMIN_LIST_NAMES, countNoun, LoadError, useApiQuery, useListAddress, type RemotePageProps } from '@portal/frontend-kit';
import { useCourseSelection } from '../modules/courses/use-course-selection';
import { savedNoticeOf } from '../modules/courses/courses-location-state';
import { categoryIconOf } from '../modules/courses/category-icon-of';
import '../modules/courses/courses.css';

/** /courses (spec §2 "Courses"): categories, search, 10 a page, and the company's selected courses. */
export default function Courses({ api }: RemotePageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Edit course's notice stays until dismissed (searching changes the address); the history entry
  // forgets it at once, so Back or a reload does not show it again.
  const [savedNotice, setSavedNotice] = useState(() => savedNoticeOf(location.state));
  const hasStateNotice = savedNoticeOf(location.state) !== null;
  useEffect(() => {
    if (hasStateNotice) void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [hasStateNotice, navigate, location.pathname, location.search]);
  const categoryId = Number(params.get('category_id')) || undefined;
  // Search and page live in the address (Back and reload land here again); a new search or category starts at page 1.
  const { list, query, searchText, setSearchText, setPage, setFilter } = useListAddress();
  const [panelOpen, setPanelOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // Focus goes into the panel when it opens (on a phone it covers the page) and back to its opener when it closes.
  const closePanel = () => {
    setPanelOpen(false);
    openerRef.current?.focus();
  };
  useEffect(() => {
    if (!panelOpen) return;
    panelRef.current?.focus();
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setPanelOpen(false);
      openerRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [panelOpen]);

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
  const { selected, selectedIds, busyId, toggle } = useCourseSelection(
    api,
    courses.status === 'success' ? courses.data : null,
    courses.reload,
  );

  const setCategory = (id: number | undefined) => setFilter('category_id', id ? String(id) : null);
  const clearSearch = () => {
    setSearchText('');
    setFilter(ADMIN_LIST_NAMES.search, null);
  };

  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(href);
  };
  const categoryName = categories.status === 'success' ? categories.data.find((c) => c.id === categoryId)?.name : undefined;
  const total = courses.status === 'success' ? courses.data.meta.total : 0;

  return (
    <div className="company-courses-page" data-testid="company-courses">
      <PageHeader
        title="Courses"
        subtitle="Choose the courses your company uses, then enrol your employees."
        actions={
          <Button
            ref={openerRef}
            variant="secondary"
            onClick={() => (panelOpen ? closePanel() : setPanelOpen(true))}
            aria-expanded={panelOpen}
            aria-controls="selected-courses"
          >
            Selected Courses ({selected?.length ?? 0})
          </Button>
        }
      />
      {savedNotice ? (
        <Notice tone="success" onDismiss={() => setSavedNotice(null)}>
          {savedNotice}
        </Notice>
      ) : null}
      {categories.status === 'error' ? <LoadError error={categories.error} onRetry={categories.reload} what="the categories" /> : null}
      <nav className="course-categories" aria-label="Course categories">
        <button type="button" className="course-category" aria-pressed={!categoryId} onClick={() => setCategory(undefined)}>
          All Courses
        </button>
        {categories.status === 'success'
          ? categories.data.map((category) => (
              <button
                key={category.id}
                type="button"
                className="course-category"
                aria-pressed={categoryId === category.id}
                onClick={() => setCategory(category.id)}
              >
                <CategoryIcon icon={categoryIconOf(category.id)} size={20} />
                <span>{category.name}</span>
              </button>
            ))
          : null}
      </nav>
      <div className="company-courses-layout">
        <section className="company-courses-list" aria-label="Course list">
          <SearchInput label="Search courses" value={searchText} onChange={setSearchText} placeholder="Search courses" hideLabel />
          {/* No count when there is nothing to count: the empty state below says so ("Showing all 0 courses" did not). */}
          {courses.status === 'success' && total > 0 ? (
            <p className="company-courses-count" aria-live="polite">
              {categoryId || total === 1
                ? `Showing ${countNoun(total, categoryName ? `${categoryName} course` : 'course')}.`
                : `Showing all ${countNoun(total, 'course')}.`}
            </p>
          ) : null}
          {courses.status === 'error' ? <LoadError error={courses.error} onRetry={courses.reload} what="the courses" /> : null}
          {courses.status === 'loading' ? <SkeletonBlock height={240} /> : null}
          {courses.status === 'success' && courses.data.data.length === 0 ? (
            list.search ? (
              <EmptyState
                title="No courses match your search."
                action={
                  <Button variant="secondary" size="sm" onClick={clearSearch}>
                    Clear search
                  </Button>
                }
              >
                <p>
                  No course{categoryName ? ` in ${categoryName}` : ''} has “{list.search}” in its name.
                </p>
              </EmptyState>
            ) : (
              <EmptyState title="There are no courses in this category yet." />
            )
          ) : null}
          {courses.status === 'success' ? (
            <ul className="course-cards">
              {courses.data.data.map((course) => {
                const isSelected = selectedIds.has(course.id);
                const locked = isSelected && course.has_enrollments;
                return (
                  <li
                    key={course.id}
                    className="course-card"
                    data-testid="course-card"
                    data-course-id={course.id}
                    data-selected={isSelected}
                  >
                    <div className="course-card__icons" aria-hidden="true">
                      {(course.category_ids.length ? course.category_ids : [0]).slice(0, 3).map((id) => (
                        <CategoryIcon key={id} icon={categoryIconOf(id)} size={28} />
                      ))}
                    </div>
                    <div className="course-card__body">
                      <h2 className="course-card__title">{course.name}</h2>
                      {/* Sanitised on the server when the course was saved. */}
                      <div className="course-card__description" dangerouslySetInnerHTML={{ __html: course.description }} />
                      <p className="course-card__facts">
                        {course.credit_cost} credit{course.credit_cost === 1 ? '' : 's'}
                        {course.duration ? ` · ${course.duration}` : ''} · certificate valid {course.validity_period} year
                        {course.validity_period === 1 ? '' : 's'}
                      </p>
                      {course.wp_link ? (
                        <a href={course.wp_link} target="_blank" rel="noopener noreferrer">
                          Learn more
                        </a>
                      ) : null}
                    </div>
                    <div className="course-card__actions">
                      <Button
                        variant={isSelected ? 'secondary' : 'primary'}
                        size="sm"
                        aria-pressed={isSelected}
                        loading={busyId === course.id}
                        disabled={locked}
                        title={locked ? 'This course has enrolments, so it stays selected.' : undefined}
                        onClick={() => toggle(course)}
                      >
                        {isSelected ? 'Selected' : 'Select'}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {courses.status === 'success' ? (
            <Pagination
              page={courses.data.meta.current_page}
              lastPage={courses.data.meta.last_page}
              onPageChange={(page) => setPage(page, courses.data.meta.last_page)}
            />
          ) : null}
        </section>
        {panelOpen ? (
          <aside id="selected-courses" ref={panelRef} tabIndex={-1} className="selected-courses" aria-label="Selected Courses">
            <div className="selected-courses__header">
              <h2>Selected Courses</h2>
              <Button variant="ghost" size="sm" onClick={closePanel}>
                Close
              </Button>
            </div>
            {selected && selected.length > 0 ? (
              <ul className="selected-courses__list">
                {selected.map((course) => (
                  <li key={course.id}>
                    <span>{course.name}</span>
                    <a href={`/courses/edit/${course.id}`} onClick={go(`/courses/edit/${course.id}`)} aria-label={`Edit ${course.name}`}>
                      Edit
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="selected-courses__empty">No courses selected yet.</p>
            )}
            <ButtonLink href="/enrolments/create/v2" onClick={go('/enrolments/create/v2')}>
              Enrol Employees
            </ButtonLink>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
